/* The worker takes the lock of the mirrored index (N - 1 - i) around element i while main takes lock i: the two hold different locks on one element, a race. */
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
        int j = N - 1 - i;
        pthread_mutex_lock(&locks[j]);
        totals[i] += i; // RACE
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
        totals[i] *= 2; // RACE
        pthread_mutex_unlock(&locks[i]);
    }
    pthread_join(t, NULL);
    for (int i = 0; i < N; i++)
        printf("%ld\n", totals[i]); // NORACE
    free(totals); // NORACE
    return 0;
}
