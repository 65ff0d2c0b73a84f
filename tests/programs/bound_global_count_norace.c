/* A global worker count main sets from its arguments before the first create and never writes again bounds the create loop and the join loop; workers only read it: main's read of the results after the join loop is ordered after every worker: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers;
static long results[16];
static pthread_t workers[16];

static void *work(void *p)
{
    long id = (long)p;
    results[id] = id * nworkers; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    nworkers = argc > 1 ? atoi(argv[1]) : 4;
    if (nworkers < 1 || nworkers > 16)
        return 1;
    for (int i = 0; i < nworkers; i++)
        pthread_create(&workers[i], NULL, work, (void *)(long)i);
    for (int i = 0; i < nworkers; i++)
        pthread_join(workers[i], NULL);
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += results[i]; // NORACE
    printf("%ld\n", sum);
    return 0;
}
