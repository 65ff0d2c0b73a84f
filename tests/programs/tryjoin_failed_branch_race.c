/* Main tries to join the worker once: when pthread_tryjoin_np fails (EBUSY) the worker may still be writing, so the read on that branch races; main joins for real afterwards. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

int progress;
int main_tried; /* a timing hint only: relaxed, it orders nothing */

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 10000000 && !__atomic_load_n(&main_tried, __ATOMIC_RELAXED); i++)
        ;
    progress = 1; // RACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (pthread_tryjoin_np(t, 0) != 0) {
        __atomic_store_n(&main_tried, 1, __ATOMIC_RELAXED);
        printf("still running at %d\n", progress); // RACE
        pthread_join(t, 0);
    }
    return progress != 1; // NORACE
}
