/* The barrier's count is the number of threads main creates (argc + 1): each thread fills its own slot, waits, then reads its neighbour's slot; the barrier orders the phases: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int *slot;
static int *seen;
static int nthreads;
static pthread_barrier_t phase;

static void *work(void *arg)
{
    int id = (int)(long)arg;
    slot[id] = id * 10; // NORACE
    pthread_barrier_wait(&phase);
    seen[id] = slot[(id + 1) % nthreads]; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 1;
    pthread_t *t = malloc(sizeof(pthread_t) * (size_t)n);
    slot = calloc((size_t)n, sizeof(int)); // NORACE
    seen = calloc((size_t)n, sizeof(int)); // NORACE
    if (t == NULL || slot == NULL || seen == NULL) // NORACE
        return 0;
    nthreads = n; // NORACE
    pthread_barrier_init(&phase, NULL, (unsigned)n);
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, work, (void *)(long)i);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", seen[0]); // NORACE
    pthread_barrier_destroy(&phase);
    free(t);
    free(slot); // NORACE
    free(seen); // NORACE
    return 0;
}
