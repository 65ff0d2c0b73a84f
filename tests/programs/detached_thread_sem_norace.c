/* A detached thread (cannot be joined) writes its result and posts a semaphore; main waits on the semaphore before reading: no race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int result;
sem_t finished;

void *background(void *arg)
{
    (void)arg;
    result = 17; // NORACE
    sem_post(&finished);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_attr_t attr;

    sem_init(&finished, 0, 0);
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&t, &attr, background, NULL);
    pthread_attr_destroy(&attr);
    sem_wait(&finished);
    printf("result = %d\n", result); // NORACE
    return 0;
}
