/* A field of a global configuration struct bounds the create and join loops, but main lowers it to 1 before the join loop: only the first worker is joined and the others' writes race with main's sum. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct { int threads; int scale; long out[16]; } config;
static pthread_t tids[16];

static void *body(void *p)
{
    long index = (long)p;
    config.out[index] = index * config.scale; // RACE
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
    config.threads = 1;
    for (int i = 0; i < config.threads; i++)
        pthread_join(tids[i], NULL);
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += config.out[i]; // RACE
    printf("%ld\n", sum);
    return 0;
}
