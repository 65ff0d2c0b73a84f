/* racy twin of alloc_through_pointer_norace: main writes the block it handed to the worker, not its own */
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
    b->v = 1; // RACE
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
    theirs->v = 2; // RACE
    pthread_join(t, 0);
    int r = mine != theirs ? 0 : 1;
    free(mine);
    free(theirs);
    return r;
}
