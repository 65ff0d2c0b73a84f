/* Each thread updates its own and its neighbour's counter, each under the lock of the same index (lock array parallel to the data array): no race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

pthread_mutex_t locks[N] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                            PTHREAD_MUTEX_INITIALIZER};
int hits[N];

void *worker(void *arg)
{
    int id = *(int *)arg; // NORACE
    int next = (id + 1) % N;
    int guard = next;
    pthread_mutex_lock(&locks[id]);
    hits[id]++; // NORACE
    pthread_mutex_unlock(&locks[id]);
    pthread_mutex_lock(&locks[guard]);
    hits[next] += 2; // NORACE
    pthread_mutex_unlock(&locks[guard]);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    int ids[N];

    for (int i = 0; i < N; i++) {
        ids[i] = i; // NORACE
        pthread_create(&t[i], NULL, worker, &ids[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", hits[i]); // NORACE
    return 0;
}
