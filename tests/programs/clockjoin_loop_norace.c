/* Main waits for two workers with pthread_clockjoin_np on CLOCK_MONOTONIC, each in a loop until it returns 0: both joins order the workers' writes before main's sum. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

int part[2];

static void *worker(void *arg)
{
    int i = (int)(long)arg;
    part[i] = i + 10; // NORACE
    return 0;
}

static void join_patiently(pthread_t t)
{
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0); /* far ahead of CLOCK_MONOTONIC's boot-relative time */
    while (pthread_clockjoin_np(t, 0, CLOCK_MONOTONIC, &ts) != 0);
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    join_patiently(t[0]);
    join_patiently(t[1]);
    return part[0] + part[1] != 21; // NORACE
}
