/* A lock wrapper locks only while locking is enabled; main enables it once, before it starts the workers, and nothing disables it, so every update holds the lock: race-free. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int locking_enabled;
static long total;

static void set_locking(int on)
{
    locking_enabled = on; // NORACE
}

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

static void *worker(void *arg)
{
    (void)arg;
    lock();
    total++; // NORACE
    unlock();
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    set_locking(1);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld\n", total); // NORACE
    return 0;
}
