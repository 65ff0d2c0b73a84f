/* begin_txn follows its parent transaction only when there is one, and
 * every caller passes NULL (and so does the helper it passes the parent
 * on to): the accesses through the parent never run, and each worker's
 * transaction is its own. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct txn {
    struct txn *parent;
    int depth;
    int flags;
};

int committed;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void inherit(struct txn *t, struct txn *parent)
{
    for (struct txn *p = parent; p; p = p->parent)
        t->depth += p->depth + 1; // NORACE
}

static struct txn *begin_txn(struct txn *parent, int flags)
{
    struct txn *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (parent) {
        flags |= parent->flags; // NORACE
        parent->flags |= 1; // NORACE
        inherit(t, parent);
    }
    t->flags = flags; // NORACE
    t->parent = parent;
    return t;
}

void *worker(void *arg)
{
    struct txn *t = begin_txn(NULL, 2);
    (void)arg;
    if (t) {
        pthread_mutex_lock(&m);
        committed += t->flags; // NORACE
        pthread_mutex_unlock(&m);
        free(t);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", committed);
    return 0;
}
