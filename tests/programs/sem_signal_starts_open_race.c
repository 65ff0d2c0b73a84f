/* The semaphore starts at 1, so the worker's wait returns at once and does not wait for main's post: main's write races with the worker's read. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int data;
sem_t ready;

static void *worker(void *arg)
{
    (void)arg;
    sem_wait(&ready);
    printf("%d\n", data); // RACE
    return NULL;
}

int main(void)
{
    pthread_t w;

    sem_init(&ready, 0, 1);
    pthread_create(&w, NULL, worker, NULL);
    data = 5; // RACE
    sem_post(&ready);
    pthread_join(w, NULL);
    sem_destroy(&ready);
    return 0;
}
