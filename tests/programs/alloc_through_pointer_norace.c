/* an allocator reached through a function pointer (a replaceable malloc) gives each call its own block: the worker's block and main's never meet */
#include <pthread.h>
#include <stdlib.h>

struct config {
    void *(*alloc)(void *ctx, size_t n);
    void *ctx;
};

static void *default_alloc(void *ctx, size_t n)
{
    (void)ctx;
    return malloc(n);
}

static struct config cfg = {default_alloc, 0};

static void *app_alloc(size_t n)
{
    return cfg.alloc(cfg.ctx, n);
}

struct box {
    int v;
};

static void *worker(void *arg)
{
    struct box *b = arg;
    b->v = 1; // NORACE
    return 0;
}

int main(void)
{
    struct box *mine = app_alloc(sizeof *mine);
    struct box *theirs = app_alloc(sizeof *theirs);
    if (!mine || !theirs)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, theirs);
    mine->v = 2; // NORACE
    pthread_join(t, 0);
    int r = mine->v + theirs->v - 3; // NORACE
    free(mine);
    free(theirs);
    return r;
}
