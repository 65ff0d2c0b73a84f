/* A lock-free (Treiber) stack of malloc'd nodes whose pops free the node: a popper preempted after reading top reads the next field of a node another popper has freed meanwhile, the race hazard pointers exist for (racy). */
#include <pthread.h>
#include <stdlib.h>

struct node {
    struct node *next;
};

static struct node *top;

static void *popper(void *arg)
{
    struct node *t, *n;
    (void)arg;
    do {
        t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
        if (!t)
            return NULL;
        n = t->next; // RACE
    } while (!__atomic_compare_exchange_n(&top, &t, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    free(t); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    for (int k = 0; k < 2; k++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            return 1;
        x->next = top; // NORACE
        top = x; // NORACE
    }
    pthread_create(&a, NULL, popper, NULL);
    pthread_create(&b, NULL, popper, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    while (top) {
        struct node *x = top; // NORACE
        top = x->next; // NORACE
        free(x);
    }
    return 0;
}
