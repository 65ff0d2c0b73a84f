/* A recursive mutex made by pthread_mutexattr_settype, living in a struct
 * that main hands to a worker: main takes it twice, and every write
 * of the total happens with the mutex held at some depth, including the
 * one between the inner and the outer unlock, so there is no race. */
#define _GNU_SOURCE
#include <pthread.h>

struct ledger {
    pthread_mutex_t lock;
    long total;
};

static void add(struct ledger *l, long v)
{
    pthread_mutex_lock(&l->lock);
    l->total = l->total + v; // NORACE
    pthread_mutex_unlock(&l->lock);
}

static void add_twice(struct ledger *l, long v)
{
    pthread_mutex_lock(&l->lock);
    add(l, v);
    l->total = l->total + v; // NORACE
    pthread_mutex_unlock(&l->lock);
}

void *worker(void *arg)
{
    add(arg, 3);
    return NULL;
}

int main(void)
{
    struct ledger l;
    pthread_mutexattr_t a;
    pthread_t t;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&l.lock, &a);
    pthread_mutexattr_destroy(&a);
    l.total = 0;
    pthread_create(&t, NULL, worker, &l);
    add_twice(&l, 5);
    pthread_join(t, NULL);
    return l.total == 13 ? 0 : 1;
}
