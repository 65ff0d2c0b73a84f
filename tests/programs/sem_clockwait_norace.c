/* The worker writes the result and posts; main waits with sem_clockwait on CLOCK_MONOTONIC until it succeeds before reading: ordered, no race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t done;
int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 77; // NORACE
    sem_post(&done);
    return 0;
}

int main(void)
{
    sem_init(&done, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0); /* far ahead of CLOCK_MONOTONIC's boot-relative time */
    while (sem_clockwait(&done, CLOCK_MONOTONIC, &ts) != 0);
    int got = result; // NORACE
    pthread_join(t, 0);
    return got != 77;
}
