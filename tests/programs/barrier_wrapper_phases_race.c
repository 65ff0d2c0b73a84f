/* Workers wait on the barrier through a wrapper, but the barrier counts one participant: every wait returns at once, so a worker's write of its own cell and its neighbour's read of it are not ordered: racy. */
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
    cell[id] = id * 3; // RACE
    sync_all();
    seen[id] = cell[(id + 1) % N]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    pthread_barrier_init(&bar, NULL, 1);
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, work, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&bar);
    return seen[0] < 0; // NORACE
}
