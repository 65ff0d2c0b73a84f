/* A recursive mutex made by pthread_mutexattr_settype: main takes it
 * twice; its write after the inner unlock still holds it, the one after
 * the outer unlock does not and races with the worker's locked write. */
#define _GNU_SOURCE
#include <pthread.h>

struct ledger {
    pthread_mutex_t lock;
    long total;
};

void *worker(void *arg)
{
    struct ledger *l = arg;
    pthread_mutex_lock(&l->lock);
    l->total = l->total + 1; // RACE
    pthread_mutex_unlock(&l->lock);
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
    l.total = 0;
    pthread_create(&t, NULL, worker, &l);
    pthread_mutex_lock(&l.lock);
    pthread_mutex_lock(&l.lock);
    pthread_mutex_unlock(&l.lock);
    l.total = l.total + 10; // NORACE
    pthread_mutex_unlock(&l.lock);
    l.total = l.total + 100; // RACE
    pthread_join(t, NULL);
    return 0;
}
