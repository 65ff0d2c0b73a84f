/* A helper thread posts the semaphore without waiting on it first, so the worker's one wait may take the helper's token before main has written the data: race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int data;
sem_t ready;

static void *helper(void *arg)
{
    (void)arg;
    sem_post(&ready);
    return NULL;
}

static void *worker(void *arg)
{
    (void)arg;
    sem_wait(&ready);
    printf("%d\n", data); // RACE
    return NULL;
}

int main(void)
{
    pthread_t h, w;

    sem_init(&ready, 0, 0);
    pthread_create(&w, NULL, worker, NULL);
    pthread_create(&h, NULL, helper, NULL);
    data = 5; // RACE
    sem_post(&ready);
    pthread_join(w, NULL);
    pthread_join(h, NULL);
    sem_destroy(&ready);
    return 0;
}
