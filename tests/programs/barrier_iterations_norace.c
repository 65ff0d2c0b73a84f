/* An iterative stencil: every iteration each worker computes its next value from its neighbours' current ones, waits, copies next into current, and waits again; the two waits per iteration keep the phases apart: race-free. */
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
        nxt[id] = (cur[(id + 1) % W] + cur[(id + W - 1) % W]) / 2; // NORACE
        pthread_barrier_wait(&step);
        cur[id] = nxt[id]; // NORACE
        pthread_barrier_wait(&step);
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
