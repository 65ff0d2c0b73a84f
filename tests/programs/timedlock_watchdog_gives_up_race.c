/* A watchdog tries pthread_mutex_timedlock on the lock a worker keeps until the watchdog gives up: the timeout takes no lock, so the watchdog's reset of the progress races with the worker's update. */
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
sem_t holding, quit;
int progress;

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    sem_post(&holding);
    progress = 1; // RACE
    sem_wait(&quit); /* keeps the lock until the watchdog has given up */
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    sem_init(&holding, 0, 0);
    sem_init(&quit, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(&holding);
    struct timespec ts = {0, 0}; /* long past: the wait times out as soon as it would block */
    if (pthread_mutex_timedlock(&lock, &ts) == 0) {
        pthread_mutex_unlock(&lock); /* never: the worker holds it until told to quit */
    } else {
        progress = -1; // RACE
    }
    sem_post(&quit);
    pthread_join(t, 0);
    return 0;
}
