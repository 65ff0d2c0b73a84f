/* The barrier's count and the create loop's bound are reloads of one global, but the workers never wait: a worker reads its neighbour's cell while the neighbour may still be writing it: racy. */
#include <pthread.h>
#include <stdlib.h>

static int nthreads;
static int *cell;
static int *seen;
static pthread_barrier_t bar;

static void *work(void *arg)
{
    int id = (int)(long)arg;
    cell[id] = id + 2; // RACE
    seen[id] = cell[(id + 1) % nthreads]; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    nthreads = argc + 2; // NORACE
    cell = calloc((size_t)nthreads, sizeof(int)); // NORACE
    seen = calloc((size_t)nthreads, sizeof(int)); // NORACE
    pthread_t *t = malloc(sizeof(pthread_t) * (size_t)nthreads); // NORACE
    if (cell == NULL || seen == NULL || t == NULL) // NORACE
        return 0;
    pthread_barrier_init(&bar, NULL, (unsigned)nthreads); // NORACE
    for (int i = 0; i < nthreads; i++) // NORACE
        pthread_create(&t[i], NULL, work, (void *)(long)i);
    for (int i = 0; i < nthreads; i++) // NORACE
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&bar);
    int r = seen[0] < 0; // NORACE
    free(t);
    free(cell); // NORACE
    free(seen); // NORACE
    return r;
}
