/* A robust mutex: the first worker ends while holding it, so the second worker's lock returns EOWNERDEAD and owns the lock (it marks it consistent); both writes of the log are under the lock. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

pthread_mutex_t lock;
int log_entries;

static void *dies_holding(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    log_entries += 1; // NORACE
    return 0; /* ends without unlocking */
}

static void *recovers(void *arg)
{
    (void)arg;
    int r = pthread_mutex_lock(&lock);
    if (r == EOWNERDEAD)
        pthread_mutex_consistent(&lock);
    log_entries += 10; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(&lock, &attr);
    pthread_t a, b;
    pthread_create(&a, 0, dies_holding, 0);
    pthread_join(a, 0);
    pthread_create(&b, 0, recovers, 0);
    pthread_join(b, 0);
    return log_entries != 11; // NORACE
}
