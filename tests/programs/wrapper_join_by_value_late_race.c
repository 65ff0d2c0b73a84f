/* Like wrapper_join_by_value_norace, but the second thread is joined only after main has read the counter: the read races with that thread's update. */
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
    c->value++; // RACE
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
    printf("%ld\n", shared.value); // RACE
    wait_thread(b);
    return 0;
}
