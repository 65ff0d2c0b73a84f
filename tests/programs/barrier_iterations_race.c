/* The stencil's second wait is missing, so a worker copies into its current value while a neighbour of the next iteration already reads it: a race. */
#include <pthread.h>

#define W 3
#define STEPS 4
static int cur[W];
static int nxt[W];
static pthread_barrier_t step;

static void *relax(void *arg)
{
    int id = (int)(long)arg;
    for (int it = 0; it < STEPS; it++) {
        nxt[id] = (cur[(id + 1) % W] + cur[(id + W - 1) % W]) / 2; // RACE
        pthread_barrier_wait(&step);
        cur[id] = nxt[id]; // RACE
    }
    return NULL;
}

int main(void)
{
    pthread_t t[W];
    for (int i = 0; i < W; i++)
        cur[i] = i * 10; // NORACE
    pthread_barrier_init(&step, NULL, W);
    for (long i = 0; i < W; i++)
        pthread_create(&t[i], NULL, relax, (void *)i);
    for (int i = 0; i < W; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&step);
    return cur[0] < 0; // NORACE
}
