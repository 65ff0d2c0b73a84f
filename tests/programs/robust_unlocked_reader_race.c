/* A robust mutex protects the status word for the worker, which ends holding it, but the monitor reads the status without taking the lock: race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t lock;
int status;

static void *dies_holding(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    status = 3; // RACE
    return 0;
}

static void *monitor(void *arg)
{
    (void)arg;
    printf("status %d\n", status); // RACE
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
    pthread_create(&b, 0, monitor, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
