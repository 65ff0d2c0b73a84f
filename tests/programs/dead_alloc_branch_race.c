/* racy twin of dead_alloc_branch_norace: main writes the counter the worker updates */
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
    *c += 1; // RACE
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
    worker_count = 5; // RACE
    pthread_join(t, 0);
    free(a);
    return worker_count > 0 ? 0 : 1;
}
