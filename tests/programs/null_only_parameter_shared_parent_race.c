/* begin_txn follows its parent transaction only when there is one; one
 * caller passes NULL, the workers pass the shared root transaction, whose
 * flags they both update without a lock: a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct txn {
    struct txn *parent;
    int depth;
    int flags;
};

int committed;
struct txn root;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void inherit(struct txn *t, struct txn *parent)
{
    for (struct txn *p = parent; p; p = p->parent)
        t->depth += p->depth + 1;
}

static struct txn *begin_txn(struct txn *parent, int flags)
{
    struct txn *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (parent) {
        flags |= parent->flags; // RACE
        parent->flags |= 1; // RACE
        inherit(t, parent);
    }
    t->flags = flags; // NORACE
    t->parent = parent;
    return t;
}

void *worker(void *arg)
{
    struct txn *t = begin_txn(&root, 2);
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
    free(begin_txn(NULL, 0));
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", committed);
    return 0;
}
