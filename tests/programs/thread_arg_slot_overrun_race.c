/* Threads created in a loop each get a pointer to their own slot but also clear the next slot (p[1]), which the next thread writes as its own: neighbouring instances race on it. */
#include <pthread.h>
#include <stdio.h>

#define N 3

int slots[N + 1];

void *worker(void *arg)
{
    int *p = arg;
    p[0] = 1; // RACE
    p[1] = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t tids[N];

    for (int i = 0; i < N; i++)
        pthread_create(&tids[i], NULL, worker, &slots[i]);
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], NULL);
    printf("%d %d\n", slots[0], slots[N]);
    return 0;
}
