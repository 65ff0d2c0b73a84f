/* A logger thread starts before locking is enabled, but it touches the queue only after a semaphore post that main makes after enabling it, so the flag-gated lock is taken on both sides whenever they share the queue: race-free. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t ready;
static int locking_enabled;
static int queued;

static void lock(void)
{
    if (locking_enabled) // NORACE
        pthread_mutex_lock(&m);
}

static void unlock(void)
{
    if (locking_enabled) // NORACE
        pthread_mutex_unlock(&m);
}

static void *logger(void *arg)
{
    (void)arg;
    sem_wait(&ready);
    lock();
    queued--; // NORACE
    unlock();
    return NULL;
}

int main(void)
{
    pthread_t t;

    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, logger, NULL);
    locking_enabled = 1; // NORACE
    sem_post(&ready);
    lock();
    queued++; // NORACE
    unlock();
    pthread_join(t, NULL);
    printf("%d\n", queued); // NORACE
    return 0;
}
