/* Workers wait on the barrier through a wrapper that always waits once: each writes its own cell, calls the wrapper, then reads its neighbour's cell; the wrapper's wait separates the phases: race-free. */
#include <pthread.h>

#define N 4
static int cell[N];
static int seen[N];
static pthread_barrier_t bar;

static void sync_all(void)
{
    pthread_barrier_wait(&bar);
}

static void *work(void *arg)
{
    int id = (int)(long)arg;
    cell[id] = id * 3; // NORACE
    sync_all();
    seen[id] = cell[(id + 1) % N]; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    pthread_barrier_init(&bar, NULL, N);
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, work, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&bar);
    return seen[0] != 3; // NORACE
}
