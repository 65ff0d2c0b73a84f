/* The workers lock and unlock the mutex through function pointers taken from pthread_mutex_lock and pthread_mutex_unlock (a small lock-ops table): the counter is still updated only under the mutex, no race. */
#include <pthread.h>

struct lock_ops {
    int (*lock)(pthread_mutex_t *);
    int (*unlock)(pthread_mutex_t *);
};

static const struct lock_ops pthread_ops = {pthread_mutex_lock, pthread_mutex_unlock};
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *worker(void *arg)
{
    const struct lock_ops *ops = arg;
    ops->lock(&m);
    counter++; // NORACE
    ops->unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)&pthread_ops);
    pthread_create(&b, 0, worker, (void *)&pthread_ops);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter != 2; // NORACE
}
