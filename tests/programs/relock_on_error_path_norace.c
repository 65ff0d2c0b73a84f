/* A worker holds the lock and, on a failure that never happens here, calls a reporter that takes the same default mutex again: that path blocks for good, so every path that goes on to the update still holds the lock: race-free. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int failed;
static long count;

static void report(void)
{
    pthread_mutex_lock(&m);
    fprintf(stderr, "failure\n");
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    if (failed) // NORACE
        report();
    count++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t1, t2;

    (void)argv;
    failed = argc > 100; // NORACE
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld\n", count); // NORACE
    return 0;
}
