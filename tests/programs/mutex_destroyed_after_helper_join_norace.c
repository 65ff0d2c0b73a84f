/* The worker's mutex is destroyed and freed by a cleanup helper that main calls after another helper joined the worker through a handle kept in a table: ordered by that join. */
#include <pthread.h>
#include <stdlib.h>

struct worker {
    pthread_mutex_t lock;
    int hits;
};

static pthread_t handles[2];

static void *work(void *arg)
{
    struct worker *w = arg;
    pthread_mutex_lock(&w->lock); // NORACE
    w->hits++; // NORACE
    pthread_mutex_unlock(&w->lock); // NORACE
    return NULL;
}

static void start(struct worker *w, int slot)
{
    pthread_create(&handles[slot], NULL, work, w);
}

static void stop(int slot)
{
    pthread_join(handles[slot], NULL); // NORACE
}

static void worker_free(struct worker *w)
{
    pthread_mutex_destroy(&w->lock); // NORACE
    free(w); // NORACE
}

int main(int argc, char **argv)
{
    (void)argv;
    struct worker *w = malloc(sizeof *w);
    if (!w)
        return 0;
    pthread_mutex_init(&w->lock, NULL); // NORACE
    w->hits = 0; // NORACE
    start(w, argc > 5);
    stop(argc > 5);
    worker_free(w);
    return 0;
}
