/* Main joins only the first of two workers with pthread_clockjoin_np before updating the total the second worker also updates: the first's flag is ordered, the second's update races with main's. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

int total, first_done;

static void *first(void *arg)
{
    (void)arg;
    first_done = 1; // NORACE
    return 0;
}

static void *second(void *arg)
{
    (void)arg;
    total += 2; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, first, 0);
    pthread_create(&b, 0, second, 0);
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0); /* far ahead of CLOCK_MONOTONIC's boot-relative time */
    if (pthread_clockjoin_np(a, 0, CLOCK_MONOTONIC, &ts) != 0)
        return 1;
    total += 4 * first_done; // RACE
    pthread_join(b, 0);
    return 0;
}
