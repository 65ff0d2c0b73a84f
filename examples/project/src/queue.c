/* queue.c - a bounded job queue guarded by a mutex and a condition variable. */
#include "jobs.h"

void queue_init(struct queue *q)
{
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->nonempty, NULL);
    q->head = q->tail = q->count = q->closed = 0;
}

void queue_push(struct queue *q, int item)
{
    pthread_mutex_lock(&q->lock);
    if (q->count < QUEUE_CAP) { // NORACE
        q->items[q->tail] = item; // NORACE
        q->tail = (q->tail + 1) % QUEUE_CAP; // NORACE
        q->count++; // NORACE
    }
    pthread_cond_signal(&q->nonempty);
    pthread_mutex_unlock(&q->lock);
}

int queue_pop(struct queue *q, int *item)
{
    pthread_mutex_lock(&q->lock);
    while (q->count == 0 && !q->closed) // NORACE
        pthread_cond_wait(&q->nonempty, &q->lock);
    int got = q->count > 0; // NORACE
    if (got) {
        *item = q->items[q->head]; // NORACE
        q->head = (q->head + 1) % QUEUE_CAP; // NORACE
        q->count--; // NORACE
    }
    pthread_mutex_unlock(&q->lock);
    return got;
}

void queue_close(struct queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->closed = 1; // NORACE
    pthread_cond_broadcast(&q->nonempty);
    pthread_mutex_unlock(&q->lock);
}
