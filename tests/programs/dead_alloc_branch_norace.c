/* race-free: a constructor written like GLib's g_new0 expansion allocates
 * one byte per element in a branch that never runs (sizeof is not 1: a
 * comparison of two constants), so the node pointer is the other branch's
 * block only; the one-byte block, whose every field access would read
 * all of its cells, is none of its targets (pt_edges.h), so the worker's
 * counter is the one stored at its field, not main's own counter */
#include <pthread.h>
#include <stdlib.h>

struct node {
    int val;
    int pad;
    int *counter;
    int *mine;
};

static int worker_count, main_count;

static struct node *node_new(void)
{
    size_t n = 1, s = sizeof(struct node);
    void *p;
    if (s == 1)
        p = calloc(n, 1);
    else
        p = calloc(n, s);
    return p;
}

static void *worker(void *arg)
{
    struct node *nd = arg;
    int *c = nd->counter;
    *c += 1; // NORACE
    return 0;
}

int main(void)
{
    struct node *a = node_new();
    if (!a)
        return 1;
    a->counter = &worker_count;
    a->mine = &main_count;
    pthread_t t;
    pthread_create(&t, 0, worker, a);
    main_count = 5; // NORACE
    pthread_join(t, 0);
    free(a);
    return worker_count == 1 && main_count == 5 ? 0 : 1;
}
