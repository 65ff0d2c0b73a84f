/* An error-checking mutex locked twice by its holder: the second lock fails with EDEADLK instead of counting, so the first unlock releases it and the write after that unlock races with the worker. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m;
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t attr;
    pthread_t t;

    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &attr);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    if (pthread_mutex_lock(&m) != 0)
        printf("relock refused\n");
    pthread_mutex_unlock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
