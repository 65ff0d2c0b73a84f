/* A thread writes an _Atomic int with atomic_store while main reads the same object through a plain (non-atomic) int pointer: atomic vs plain access, race. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

_Atomic int level;

void *raise_level(void *arg)
{
    (void)arg;
    atomic_store(&level, 3); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int *raw = (int *)&level;

    pthread_create(&t, NULL, raise_level, NULL);
    int seen = *raw; // RACE
    pthread_join(t, NULL);
    printf("seen = %d, final = %d\n", seen, atomic_load(&level)); // NORACE
    return 0;
}
