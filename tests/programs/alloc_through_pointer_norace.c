/* an allocator reached through a function pointer (a replaceable malloc) gives each call its own block: the worker's block and main's never meet */
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
    b->v = 1; // NORACE
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
    mine->v = 2; // NORACE
    pthread_join(t, 0);
    int r = mine->v + theirs->v - 3; // NORACE
    free(mine);
    free(theirs);
    return r;
}
