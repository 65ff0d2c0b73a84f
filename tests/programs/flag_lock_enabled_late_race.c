/* A lock wrapper locks only while locking is enabled, but main enables it after it starts the workers: a worker may find it still off and update the total unlocked, and the flag itself is written while they read it: race. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int locking_enabled;
static long total;

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

static void *worker(void *arg)
{
    (void)arg;
    int held = lock();
    total++; // RACE
    unlock(held);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    locking_enabled = 1; // RACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld\n", total); // NORACE
    return 0;
}
