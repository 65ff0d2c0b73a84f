/* A race behind a reading of the clock: the worker records a new mark
 * only when its reading's microsecond count is odd, as a statistics
 * update happens only when a request crossed a clock tick.  Whatever the
 * schedule, half of all runs have no race: a witness replays every time
 * only if it carries what the clock answered. */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static long mark;

static void *worker(void *arg)
{
    struct timespec ts;
    (void)arg;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if ((ts.tv_nsec / 1000) % 2 == 1)
        mark = ts.tv_nsec; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    long seen = mark; // RACE
    pthread_join(t, NULL);
    printf("%ld\n", seen);
    return 0;
}
