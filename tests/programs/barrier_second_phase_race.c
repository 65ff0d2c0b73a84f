/* A barrier separates phase 1 from phase 2, but in phase 2 both threads write the same total without a lock: race after the barrier. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 2

int partial[NTHREADS];
int total;
pthread_barrier_t phase;

void *work(void *arg)
{
    int id = *(int *)arg; // NORACE
    partial[id] = id + 1; // NORACE
    pthread_barrier_wait(&phase);
    if (id == 0)
        total = partial[0]; // RACE
    else
        total = partial[1]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS] = {0, 1}; // NORACE

    pthread_barrier_init(&phase, NULL, NTHREADS);
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, work, &ids[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("total = %d\n", total); // NORACE
    pthread_barrier_destroy(&phase);
    return 0;
}
