/* Like barrier_main_counted_norace, but main reads the first slot before it waits at the barrier: it races with the first worker's write. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int *slot;
static pthread_barrier_t filled;

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    slot[id] = id + 1; // RACE
    pthread_barrier_wait(&filled);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 1;
    pthread_t *t = malloc(sizeof(pthread_t) * (size_t)n);
    slot = calloc((size_t)n, sizeof(int)); // NORACE
    if (t == NULL || slot == NULL) // NORACE
        return 0;
    pthread_barrier_init(&filled, NULL, (unsigned)(n + 1));
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, worker, (void *)(long)i);
    int sum = slot[0]; // RACE
    pthread_barrier_wait(&filled);
    for (int i = 0; i < n; i++)
        sum += slot[i]; // NORACE
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", sum);
    free(t);
    free(slot); // NORACE
    return 0;
}
