/* Two workers share a robust mutex and run concurrently; one ends while holding it, and the other, whichever comes second, owns it either normally or through EOWNERDEAD: every counter update is under the lock. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

pthread_mutex_t lock;
int counter;

static void *dies_holding(void *arg)
{
    (void)arg;
    int r = pthread_mutex_lock(&lock);
    if (r == EOWNERDEAD)
        pthread_mutex_consistent(&lock);
    counter += 1; // NORACE
    return 0; /* ends without unlocking */
}

static void *polite(void *arg)
{
    (void)arg;
    int r = pthread_mutex_lock(&lock);
    if (r == EOWNERDEAD)
        pthread_mutex_consistent(&lock);
    counter += 2; // NORACE
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
    pthread_create(&b, 0, polite, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter != 3; // NORACE
}
