/* A reader keeps the rwlock in read mode until the writer gives up; the writer's pthread_rwlock_clockwrlock times out, takes nothing, and the writer updates the setting anyway: race with the reader's read. */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
sem_t reading, done;
int setting = 1;

static void *reader(void *arg)
{
    int *seen = arg;
    pthread_rwlock_rdlock(&rw);
    sem_post(&reading);
    *seen = setting; // RACE
    sem_wait(&done); /* keeps the read lock until the writer has given up */
    pthread_rwlock_unlock(&rw);
    return 0;
}

int main(void)
{
    sem_init(&reading, 0, 0);
    sem_init(&done, 0, 0);
    int seen = 0;
    pthread_t t;
    pthread_create(&t, 0, reader, &seen);
    sem_wait(&reading);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_nsec += 20000000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    if (pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, &ts) == 0)
        pthread_rwlock_unlock(&rw); /* never: the reader holds it until told */
    else
        setting = 2; // RACE
    sem_post(&done);
    pthread_join(t, 0);
    return seen > 2; // NORACE
}
