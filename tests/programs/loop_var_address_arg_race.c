/* Threads are created in a loop with the address of the loop counter as argument; main increments the counter while a thread reads it: race on the counter. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 3

int seen[NTHREADS];

void *record(void *arg)
{
    int idx = *(int *)arg; // RACE
    if (idx >= 0 && idx < NTHREADS)
        __atomic_fetch_add(&seen[idx], 1, __ATOMIC_RELAXED); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int i = 0; // NORACE

    while (i < NTHREADS) { // NORACE
        pthread_create(&t[i], NULL, record, &i); // NORACE
        i++; // RACE
    }
    for (int j = 0; j < NTHREADS; j++)
        pthread_join(t[j], NULL);
    for (int j = 0; j < NTHREADS; j++)
        printf("%d\n", seen[j]); // NORACE
    return 0;
}
