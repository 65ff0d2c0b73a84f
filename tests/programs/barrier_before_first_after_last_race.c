/* After the last barrier each thread writes its own middle slot while its neighbour reads it: a race in the last phase. */
#include <pthread.h>

#define N 3
static int input[N];
static int mid[N];
static int out[N];
static pthread_barrier_t b;

static void *stage(void *arg)
{
    int id = (int)(long)arg;
    input[id] = id * 7; // NORACE
    pthread_barrier_wait(&b);
    mid[id] = input[(id + 1) % N] + input[(id + 2) % N]; // NORACE
    pthread_barrier_wait(&b);
    mid[id] = mid[(id + N - 1) % N]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    pthread_barrier_init(&b, NULL, N);
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, stage, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&b);
    return out[0] < 0; // NORACE
}
