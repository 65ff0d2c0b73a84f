/* A logger thread waits for a semaphore post, but main posts before it enables the flag-gated lock: the logger may find locking off and update the queue unlocked while main updates it, and the flag is written while the logger reads it: race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t ready;
static int locking_enabled;
static int queued;

static int lock(void)
{
    if (!locking_enabled) // RACE
        return 0;
    pthread_mutex_lock(&m);
    return 1;
}

static void unlock(int held)
{
    if (held)
        pthread_mutex_unlock(&m);
}

static void *logger(void *arg)
{
    (void)arg;
    sem_wait(&ready);
    int held = lock();
    queued--; // RACE
    unlock(held);
    return NULL;
}

int main(void)
{
    pthread_t t;

    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, logger, NULL);
    sem_post(&ready);
    locking_enabled = 1; // RACE
    int held = lock();
    queued++; // RACE
    unlock(held);
    pthread_join(t, NULL);
    printf("%d\n", queued); // NORACE
    return 0;
}
