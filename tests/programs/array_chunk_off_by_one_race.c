/* Each thread clears its chunk of an array but uses <= for the bound, so it also writes the first element of the next chunk: race at the chunk boundaries. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 2
#define CHUNK 8

int data[NTHREADS * CHUNK + 1];

void *clear_chunk(void *arg)
{
    int id = *(int *)arg; // NORACE
    for (int j = 0; j <= CHUNK; j++)
        data[id * CHUNK + j] = id; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS];

    for (int i = 0; i < NTHREADS; i++) {
        ids[i] = i; // NORACE
        pthread_create(&t[i], NULL, clear_chunk, &ids[i]);
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("boundary = %d\n", data[CHUNK]); // NORACE
    return 0;
}
