/* main.c - four workers compress blocks of generated text with zlib and
 * add them to the store; prints the totals (the same in every run). */
#include "store.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define WORKERS 4
#define BLOCKS 8
#define BLOCK 4096

static void *worker(void *arg)
{
    int id = *(int *)arg;
    unsigned char in[BLOCK], out[BLOCK + 128];
    for (int b = 0; b < BLOCKS; b++) {
        for (int i = 0; i < BLOCK; i++)
            in[i] = (unsigned char)("racehunt cc "[(i + b) % 12] + id % 3);
        uLongf n = sizeof out;
        if (compress(out, &n, in, BLOCK) != Z_OK)
            return NULL;
        store_add(out, n);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[WORKERS];
    int ids[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        ids[i] = i;
        pthread_create(&t[i], NULL, worker, &ids[i]);
    }
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    printf("blocks %lu bytes %lu checksum %lx\n", store_blocks(), store_bytes(), store_checksum());
    return 0;
}
