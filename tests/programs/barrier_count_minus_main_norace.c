/* Main creates n - 1 workers and waits on a barrier of n itself: the count is computed from the number of threads created; every worker fills its own cell before the wait, main and the workers read the cells after it: race-free. */
#include <pthread.h>
#include <stdlib.h>

static int *cell;
static int *seen;
static int width;
static pthread_barrier_t bar;

static void *work(void *arg)
{
    int id = (int)(long)arg;
    cell[id] = id + 1; // NORACE
    pthread_barrier_wait(&bar);
    seen[id] = cell[(id + 1) % width]; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 3;
    width = n - 1; // NORACE
    cell = calloc((size_t)n, sizeof(int)); // NORACE
    seen = calloc((size_t)n, sizeof(int)); // NORACE
    pthread_t *t = malloc(sizeof(pthread_t) * (size_t)n);
    if (cell == NULL || seen == NULL || t == NULL) // NORACE
        return 0;
    pthread_barrier_init(&bar, NULL, (unsigned)n);
    for (int i = 0; i < n - 1; i++)
        pthread_create(&t[i], NULL, work, (void *)(long)i);
    pthread_barrier_wait(&bar);
    int sum = 0;
    for (int i = 0; i < n - 1; i++)
        sum += cell[i]; // NORACE
    for (int i = 0; i < n - 1; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&bar);
    free(t);
    free(cell); // NORACE
    free(seen); // NORACE
    return sum < 0;
}
