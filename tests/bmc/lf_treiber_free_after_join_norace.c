/* A lock-free (Treiber) stack of malloc'd nodes popped by two threads that keep the nodes they pop; main frees every node after the joins, so no access races (race-free). */
#include <pthread.h>
#include <stdlib.h>

struct node {
    struct node *next;
};

static struct node *top;
static struct node *pool[2];

static void *popper(void *arg)
{
    struct node *t, *n;
    (void)arg;
    for (int tries = 0; tries < 2; tries++) {
        t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
        if (!t)
            return NULL;
        n = __atomic_load_n(&t->next, __ATOMIC_SEQ_CST);
        if (__atomic_compare_exchange_n(&top, &t, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return t;
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    for (int k = 0; k < 2; k++) {
        pool[k] = malloc(sizeof *pool[k]);
        if (!pool[k])
            return 1;
        pool[k]->next = top; // NORACE
        top = pool[k]; // NORACE
    }
    pthread_create(&a, NULL, popper, NULL);
    pthread_create(&b, NULL, popper, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    free(pool[0]); // NORACE
    free(pool[1]); // NORACE
    return 0;
}
