/* A heap array behind a global pointer, each element guarded by the global lock of the same index; worker and main sweep it in loops while both run: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

pthread_mutex_t locks[N];
long *totals;

void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        int j = i;
        pthread_mutex_lock(&locks[j]);
        totals[i] += i; // NORACE
        pthread_mutex_unlock(&locks[j]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;

    totals = calloc(N, sizeof *totals); // NORACE
    if (!totals)
        return 1;
    for (int i = 0; i < N; i++)
        pthread_mutex_init(&locks[i], NULL);
    pthread_create(&t, NULL, worker, NULL);
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&locks[i]);
        totals[i] *= 2; // NORACE
        pthread_mutex_unlock(&locks[i]);
    }
    pthread_join(t, NULL);
    for (int i = 0; i < N; i++)
        printf("%ld\n", totals[i]); // NORACE
    free(totals); // NORACE
    return 0;
}
