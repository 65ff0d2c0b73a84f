/* A helper resets the node it is given; main and the worker both call it on the same global node without a lock: the helper's writes race with each other. */
#include <pthread.h>
#include <stdio.h>

struct node {
    int val;
    struct node *next;
} shared_node;

static void reset_node(struct node *n, int v)
{
    n->val = v; // RACE
}

void *worker(void *arg)
{
    (void)arg;
    reset_node(&shared_node, 2);
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, worker, NULL);
    reset_node(&shared_node, 1);
    pthread_join(t, NULL);
    printf("%d\n", shared_node.val);
    return 0;
}
