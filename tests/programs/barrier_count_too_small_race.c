/* Like barrier_phases_norace, but the barrier counts one participant: each thread passes it alone, so phase 2 reads race with the other thread's phase 1 write. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 2

int partial[NTHREADS];
int result[NTHREADS];
pthread_barrier_t phase;

void *work(void *arg)
{
    int id = *(int *)arg; // NORACE
    partial[id] = (id + 1) * 100; // RACE
    pthread_barrier_wait(&phase);
    int other = partial[1 - id]; // RACE
    result[id] = other; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS] = {0, 1}; // NORACE

    pthread_barrier_init(&phase, NULL, 1);
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, work, &ids[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", result[0], result[1]); // NORACE
    pthread_barrier_destroy(&phase);
    return 0;
}
