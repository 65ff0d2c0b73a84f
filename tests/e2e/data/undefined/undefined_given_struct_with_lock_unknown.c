/* queue_refill is given a queue that holds its own mutex: it may lock or unlock it, so it is not analysed by the assumption (unknown) */
#include <pthread.h>

struct queue {
    pthread_mutex_t lock;
    int items;
};

void queue_refill(struct queue *q);

static struct queue jobs = {PTHREAD_MUTEX_INITIALIZER, 0};

static void *worker(void *arg)
{
    pthread_mutex_lock(&jobs.lock);
    queue_refill(&jobs);
    jobs.items--; // RACE (if queue_refill unlocks jobs.lock)
    pthread_mutex_unlock(&jobs.lock);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
