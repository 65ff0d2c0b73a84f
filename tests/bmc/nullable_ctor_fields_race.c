/* A constructor with error paths returns its object or NULL, so main's
 * pointer is one of two numerals, not one: its field reads and writes must
 * still meet the writes at the same cells (bmc_valueset.c), and a pointer
 * loaded through it must reach what was stored there (items, not slots,
 * bmc_region_flow.c).  The job runs through a pointer call whose only
 * possible target is the function whose address is taken; destroy, of the
 * same type, is only ever called directly.  Main publishes under the lock,
 * then writes items[0] after the unlock, unordered with the worker's
 * update. */
#include <pthread.h>
#include <stdlib.h>

struct ctx {
    int *items;
    long *slots;
    int ready;
    void (*job)(struct ctx *);
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void destroy(struct ctx *c)
{
    free(c->items);
    free(c->slots);
    free(c);
}

static void bump(struct ctx *c)
{
    c->items[0]++; // RACE
}

static struct ctx *make(int n)
{
    struct ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->items = calloc((size_t)n, sizeof *c->items);
    c->slots = calloc((size_t)n, sizeof *c->slots);
    if (!c->items || !c->slots) {
        destroy(c);
        return NULL;
    }
    c->job = bump;
    return c;
}

static void *worker(void *arg)
{
    struct ctx *c = arg;
    pthread_mutex_lock(&m);
    int go = c->ready;
    pthread_mutex_unlock(&m);
    if (go)
        c->job(c);
    return NULL;
}

int main(void)
{
    struct ctx *c = make(4);
    if (!c)
        return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, c);
    for (int i = 0; i < 4; i++)
        c->slots[i] = i; // NORACE
    pthread_mutex_lock(&m);
    c->ready = 1;
    pthread_mutex_unlock(&m);
    c->items[0] = 5; // RACE
    pthread_join(t, NULL);
    destroy(c);
    return 0;
}
