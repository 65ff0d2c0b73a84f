/* Mutant (del-lock) of tests/programs/argc_branch_norace.c: the worker's lock is deleted, so with argc > 1 its increment races with main's. bmc finds the race with argc = 2, but its witness records no argc, so `racehunt replay` runs with argc = 1, departs from the schedule and misses the race. */
#include <pthread.h>
#include <stdio.h>

int verbose;
int messages;
int quiet_skips;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    if (verbose) { // NORACE
        ;
        messages++; // RACE
        pthread_mutex_unlock(&m);
    } else {
        quiet_skips++; // NORACE
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    (void)argv;

    verbose = (argc > 1); // NORACE
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    messages++; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("%d %d\n", messages, quiet_skips); // NORACE
    return 0;
}
