/* Create and join wrappers around pthreads that take the handle by address and by value, with error handling: main reads the counter after joining both threads through the wrapper: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct counter { pthread_mutex_t lock; long value; };

static struct counter shared = {PTHREAD_MUTEX_INITIALIZER, 0};

static void counter_lock(struct counter *c)
{
    if (pthread_mutex_lock(&c->lock) != 0)
        abort();
}

static void counter_unlock(struct counter *c)
{
    if (pthread_mutex_unlock(&c->lock) != 0)
        abort();
}

static void *worker(void *arg)
{
    struct counter *c = arg;
    counter_lock(c);
    c->value++; // NORACE
    counter_unlock(c);
    return NULL;
}

static void start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    if (pthread_create(t, NULL, fn, arg) != 0)
        abort();
}

static void wait_thread(pthread_t t)
{
    if (pthread_join(t, NULL) != 0)
        abort();
}

int main(void)
{
    pthread_t a, b;
    start_thread(&a, worker, &shared);
    start_thread(&b, worker, &shared);
    wait_thread(a);
    wait_thread(b);
    printf("%ld\n", shared.value); // NORACE
    return 0;
}
