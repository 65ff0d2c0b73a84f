/* A field of a global configuration struct, written by main only before the first create, bounds the create and join loops; workers read other fields of it and write the result slot their argument names: main's sum after the join loop is race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct { int threads; int scale; long out[16]; } config;
static pthread_t tids[16];

static void *body(void *p)
{
    long index = (long)p;
    config.out[index] = index * config.scale; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    config.threads = argc + 2;
    config.scale = 7;
    if (config.threads > 16)
        return 1;
    for (int i = 0; i < config.threads; i++)
        pthread_create(&tids[i], NULL, body, (void *)(long)i);
    for (int i = 0; i < config.threads; i++)
        pthread_join(tids[i], NULL);
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += config.out[i]; // NORACE
    printf("%ld\n", sum);
    return 0;
}
