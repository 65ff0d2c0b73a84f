/* The worker posts the semaphore before writing the result, so main's sem_wait does not order the write before main's read: race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int result;
sem_t done;

void *compute(void *arg)
{
    (void)arg;
    sem_post(&done);
    result = 1234; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int seen;

    sem_init(&done, 0, 0);
    pthread_create(&t, NULL, compute, NULL);
    sem_wait(&done);
    seen = result; // RACE
    pthread_join(t, NULL);
    printf("seen = %d, final = %d\n", seen, result); // NORACE
    sem_destroy(&done);
    return 0;
}
