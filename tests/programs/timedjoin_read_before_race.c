/* Main reads the worker's result before its pthread_timedjoin_np (race) and again after the timed join succeeded (ordered). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <time.h>

int answer;

static void *worker(void *arg)
{
    (void)arg;
    answer = 7; // RACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    printf("early: %d\n", answer); // RACE
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0) + 5;
    if (pthread_timedjoin_np(t, 0, &ts) != 0)
        return 1;
    return answer != 7; // NORACE
}
