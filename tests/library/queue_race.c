/* queue_race.c - a library without main (for --entry): a bounded queue
 * whose operations take the queue's own lock, except for the push counter
 * and a global call count, which race between any two callers. */
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
    pthread_mutex_unlock(&q->lock);
    q->pushed++; // RACE
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
    return q->pushed; // RACE
}

void count_call(void)
{
    calls++; // RACE
}

static void internal_helper(void) /* not external: never an entry */
{
    calls = 0; // RACE
}

void reset_calls(void)
{
    pthread_mutex_t *unused = 0;
    (void)unused;
    internal_helper();
}
