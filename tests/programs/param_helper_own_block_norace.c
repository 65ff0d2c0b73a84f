/* A helper fills the node it is given; main calls it on its own node and the worker on another node it allocated itself: the helper's writes touch a different node in each thread, so no race even though one parameter sees both nodes. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

static void init_node(struct node *n, int v)
{
    n->val = v; // NORACE
    n->next = NULL; // NORACE
}

void *worker(void *arg)
{
    struct node *mine = malloc(sizeof *mine);
    (void)arg;
    if (!mine)
        return NULL;
    init_node(mine, 2);
    free(mine);
    return NULL;
}

int main(void)
{
    pthread_t t;
    struct node *head = malloc(sizeof *head);

    if (!head)
        return 1;
    pthread_create(&t, NULL, worker, NULL);
    init_node(head, 1);
    printf("%d\n", head->val); // NORACE
    pthread_join(t, NULL);
    free(head);
    return 0;
}
