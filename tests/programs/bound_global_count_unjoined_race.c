/* A global worker count bounds the create and join loops, but the join loop starts at 1: worker 0 is never joined and its write races with main's read of the results. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static long results[16];
static pthread_t workers[16];

static void *work(void *p)
{
    long id = (long)p;
    results[id] = id * nworkers; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    nworkers = argc > 1 ? atoi(argv[1]) : 4;
    if (nworkers < 1 || nworkers > 16)
        return 1;
    for (int i = 0; i < nworkers; i++)
        pthread_create(&workers[i], NULL, work, (void *)(long)i);
    for (int i = 1; i < nworkers; i++)
        pthread_join(workers[i], NULL);
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += results[i]; // RACE
    printf("%ld\n", sum);
    return 0;
}
