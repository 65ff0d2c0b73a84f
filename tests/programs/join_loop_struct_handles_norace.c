/* Worker handles are a field of struct elements (`&w[i].thread`, next to the id each worker gets); the join loop over the same elements joins every worker before main reads the total: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    pthread_t thread;
    int id;
} worker_t;

long total;
pthread_mutex_t total_mtx = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    int id = *(int *)arg; // NORACE
    pthread_mutex_lock(&total_mtx);
    total += id; // NORACE
    pthread_mutex_unlock(&total_mtx);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 2;
    worker_t *w = calloc((size_t)n, sizeof *w);
    if (!w)
        return 1;
    for (int i = 0; i < n; i++)
        w[i].id = i; // NORACE
    for (int i = 0; i < n; i++)
        if (pthread_create(&w[i].thread, NULL, work, &w[i].id))
            exit(2);
    for (int i = 0; i < n; i++)
        if (pthread_join(w[i].thread, NULL))
            exit(2);
    printf("%ld\n", total); // NORACE
    free(w);
    return 0;
}
