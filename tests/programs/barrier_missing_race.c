/* Same two-phase exchange as barrier_phases_norace but without the barrier: a thread may read the other's slot while it is being written, race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 2

int partial[NTHREADS];
int result[NTHREADS];

void *work(void *arg)
{
    int id = *(int *)arg; // NORACE
    partial[id] = (id + 1) * 100; // RACE
    int other = partial[1 - id]; // RACE
    result[id] = other; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS] = {0, 1}; // NORACE

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, work, &ids[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", result[0], result[1]); // NORACE
    return 0;
}
