/* The worker writes the result and then sem_post; main does sem_wait before reading: the semaphore orders the write before the read, no race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int result;
sem_t done;

void *compute(void *arg)
{
    (void)arg;
    int acc = 0;
    for (int i = 0; i < 50; i++)
        acc += i;
    result = acc; // NORACE
    sem_post(&done);
    return NULL;
}

int main(void)
{
    pthread_t t;

    sem_init(&done, 0, 0);
    pthread_create(&t, NULL, compute, NULL);
    sem_wait(&done);
    printf("result = %d\n", result); // NORACE
    pthread_join(t, NULL);
    sem_destroy(&done);
    return 0;
}
