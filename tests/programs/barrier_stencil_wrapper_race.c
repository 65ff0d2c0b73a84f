/* An iterative stencil whose workers wait through a wrapper only once per iteration: a worker copies next into current while its neighbours may already read current for the next iteration: racy. */
#include <pthread.h>

#define W 4
#define STEPS 3
static double cur[W + 2];
static double next[W + 2];
static pthread_barrier_t step;

static void rendezvous(void)
{
    pthread_barrier_wait(&step);
}

static void *relax(void *arg)
{
    int id = (int)(long)arg + 1;
    for (int s = 0; s < STEPS; s++) {
        next[id] = (cur[id - 1] + cur[id + 1]) / 2; // RACE
        rendezvous();
        cur[id] = next[id]; // RACE
    }
    return NULL;
}

int main(void)
{
    pthread_t t[W];
    cur[0] = 1.0; // NORACE
    pthread_barrier_init(&step, NULL, W);
    for (long i = 0; i < W; i++)
        pthread_create(&t[i], NULL, relax, (void *)i);
    for (int i = 0; i < W; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&step);
    return cur[1] < 0; // NORACE
}
