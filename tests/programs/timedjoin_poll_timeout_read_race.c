/* Main polls the worker with pthread_timedjoin_np while the worker waits for main's go: the first poll times out, which orders nothing, so main's peek at the partial result races with the worker's write; the final join orders the rest. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t go;
int partial, final;

static void *worker(void *arg)
{
    (void)arg;
    partial = 1; // RACE
    sem_wait(&go);
    final = 2; // NORACE
    return 0;
}

int main(void)
{
    sem_init(&go, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int peek = 0;
    struct timespec ts = {0, 0}; /* long past: the join times out as soon as it would block */
    if (pthread_timedjoin_np(t, 0, &ts) == ETIMEDOUT) {
        peek = partial; // RACE
        sem_post(&go);
        pthread_join(t, 0);
    }
    return peek + final > 3; // NORACE
}
