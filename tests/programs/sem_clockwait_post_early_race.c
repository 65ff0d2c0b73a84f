/* The worker posts before writing the result, so main's sem_clockwait does not order the write before main's read: race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t done;
int result;

static void *worker(void *arg)
{
    (void)arg;
    sem_post(&done);
    result = 77; // RACE
    return 0;
}

int main(void)
{
    sem_init(&done, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0);
    while (sem_clockwait(&done, CLOCK_MONOTONIC, &ts) != 0);
    int got = result; // RACE
    pthread_join(t, 0);
    return got > 77;
}
