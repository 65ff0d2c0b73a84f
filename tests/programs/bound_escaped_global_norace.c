/* A global options struct bounds the create and join loops; its address is passed between them to a function that only reads it, so no write may reach the bound after main sets it: the join loop joins every worker, and main's reads of their results come after: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct options { unsigned nthreads; int verbose; };
static struct options opts;
static double results[16];

static void show(struct options *o)
{
    unsigned n = o->nthreads;
    if (o->verbose)
        printf("%u threads\n", n);
}

static void *worker(void *arg)
{
    long id = (long)arg;
    results[id] = id * 0.5; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    opts.nthreads = argc > 2 ? 16 : 6;
    opts.verbose = argc > 1;
    pthread_t th[16];
    for (unsigned i = 0; i < opts.nthreads; i++)
        pthread_create(&th[i], NULL, worker, (void *)(long)i);
    show(&opts);
    for (unsigned i = 0; i < opts.nthreads; i++)
        pthread_join(th[i], NULL);
    double total = 0;
    for (unsigned i = 0; i < 16; i++)
        total += results[i]; // NORACE
    printf("%f\n", total);
    return 0;
}
