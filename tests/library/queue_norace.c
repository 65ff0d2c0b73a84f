/* queue_norace.c - the race-free twin of queue_race.c: every field of the
 * queue is read and written under the queue's lock, the call count is
 * atomic.  Any number of callers, on the same queue, stay race-free. */
#include <pthread.h>

typedef struct queue {
    pthread_mutex_t lock;
    int items[16];
    int head, tail;
    long pushed;
} queue_t;

static long calls;

void queue_push(queue_t *q, int v)
{
    pthread_mutex_lock(&q->lock);
    q->items[q->tail % 16] = v; // NORACE
    q->tail++;
    q->pushed++; // NORACE
    pthread_mutex_unlock(&q->lock);
}

int queue_pop(struct queue *q)
{
    pthread_mutex_lock(&q->lock);
    int v = q->items[q->head % 16]; // NORACE
    q->head++;
    pthread_mutex_unlock(&q->lock);
    return v;
}

long queue_pushed(const queue_t *q)
{
    pthread_mutex_lock((pthread_mutex_t *)&q->lock);
    long n = q->pushed; // NORACE
    pthread_mutex_unlock((pthread_mutex_t *)&q->lock);
    return n;
}

void count_call(void)
{
    __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED); // NORACE
}
