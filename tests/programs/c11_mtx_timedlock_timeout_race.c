/* C11 mutex: mtx_timedlock meets the mutex a worker keeps until main gives up, and answers thrd_timedout; main then clears the level without the mutex: race with the worker's locked update. */
#include <pthread.h>
#include <semaphore.h>
#include <threads.h>
#include <time.h>

mtx_t lock;
sem_t holding, quit;
int level;

static void *worker(void *arg)
{
    (void)arg;
    mtx_lock(&lock);
    sem_post(&holding);
    level += 3; // RACE
    sem_wait(&quit); /* keeps the mutex until main has given up */
    mtx_unlock(&lock);
    return 0;
}

int main(void)
{
    mtx_init(&lock, mtx_timed);
    sem_init(&holding, 0, 0);
    sem_init(&quit, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(&holding);
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    ts.tv_nsec += 20000000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    int rc = mtx_timedlock(&lock, &ts);
    if (rc == thrd_timedout)
        level = 0; // RACE
    else if (rc == thrd_success)
        mtx_unlock(&lock); /* never: the worker holds it until told to quit */
    sem_post(&quit);
    pthread_join(t, 0);
    return 0;
}
