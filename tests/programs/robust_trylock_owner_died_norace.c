/* A robust mutex taken over with pthread_mutex_trylock after its owner ended holding it: the try answers EOWNERDEAD, which means the caller owns the lock, so its update is protected like the dead owner's. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>

pthread_mutex_t lock;
int state;

static void *dies_holding(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    state = 1; // NORACE
    return 0;
}

static void *takes_over(void *arg)
{
    (void)arg;
    int r;
    while ((r = pthread_mutex_trylock(&lock)) == EBUSY)
        sched_yield();
    if (r == EOWNERDEAD) {
        pthread_mutex_consistent(&lock);
        state = 2; // NORACE
    }
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
    pthread_create(&b, 0, takes_over, 0);
    pthread_join(b, 0);
    return state != 2; // NORACE
}
