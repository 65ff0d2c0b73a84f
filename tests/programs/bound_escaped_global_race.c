/* Racy twin of bound_escaped_global_norace: the function given the options' address lowers the bound between the loops, so the last worker is never joined and its result races with main's sum. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct options { unsigned nthreads; int verbose; };
static struct options opts;
static double results[16];

static void show(struct options *o)
{
    unsigned n = o->nthreads--;
    if (o->verbose)
        printf("%u threads\n", n);
}

static void *worker(void *arg)
{
    long id = (long)arg;
    results[id] = id * 0.5; // RACE
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
        total += results[i]; // RACE
    printf("%f\n", total);
    return 0;
}
