/* Threads created in a loop each get a pointer to their own slot of a heap array (&slots[i]) and write only through it: every instance has its own slot, no race; main reads the slots after joining all of them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

void *worker(void *arg)
{
    long *slot = arg;
    *slot = 3; // NORACE
    *slot += 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t tids[N];
    long *slots = malloc(N * sizeof *slots);
    long sum = 0;

    if (!slots)
        return 1;
    for (int i = 0; i < N; i++)
        pthread_create(&tids[i], NULL, worker, &slots[i]);
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], NULL);
    for (int i = 0; i < N; i++)
        sum += slots[i]; // NORACE
    printf("%ld\n", sum);
    free(slots);
    return 0;
}
