/* racy twin of alloc_through_pointer_norace: main writes the block it handed to the worker, not its own */
#include <pthread.h>
#include <stdlib.h>

struct settings {
    void *(*malloc)(void *ctx, size_t n);
    void *ctx;
};

static void *crt_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return malloc(n);
}

static struct settings settings = {crt_malloc, 0};

static void *my_malloc(size_t n)
{
    return settings.malloc(settings.ctx, n);
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
    struct box *mine = my_malloc(sizeof *mine);
    struct box *theirs = my_malloc(sizeof *theirs);
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
