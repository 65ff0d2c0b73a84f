/* A linked list whose nodes each carry a mutex: the hit counter is updated after the node's mutex is released, so two threads on the same node race on it. */
#include <pthread.h>
#include <stdlib.h>

struct node {
    pthread_mutex_t m;
    int val;
    int hits;
    struct node *next;
};

static struct node *head;

static void *work(void *arg)
{
    int steps = (int)(long)arg % 2;
    struct node *p = head;
    for (int i = 0; i < steps && p->next != NULL; i++)
        p = p->next;
    pthread_mutex_lock(&p->m);
    p->val += steps; // NORACE
    pthread_mutex_unlock(&p->m);
    p->hits++; // RACE
    return NULL;
}

int main(void)
{
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n);
        if (n == NULL)
            return 0;
        pthread_mutex_init(&n->m, NULL);
        n->val = 0; // NORACE
        n->hits = 0; // NORACE
        n->next = head; // NORACE
        head = n; // NORACE
    }
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, work, (void *)(long)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    return 0;
}
