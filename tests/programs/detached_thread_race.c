/* main detaches a thread with pthread_detach and then writes the global that thread also writes; the later semaphore wait cannot order main's earlier write: race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int last_writer;
sem_t finished;

void *background(void *arg)
{
    (void)arg;
    last_writer = 2; // RACE
    sem_post(&finished);
    return NULL;
}

int main(void)
{
    pthread_t t;

    sem_init(&finished, 0, 0);
    pthread_create(&t, NULL, background, NULL);
    pthread_detach(t);
    last_writer = 1; // RACE
    sem_wait(&finished);
    printf("last = %d\n", last_writer); // NORACE
    return 0;
}
