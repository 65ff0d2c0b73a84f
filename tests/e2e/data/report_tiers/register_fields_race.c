/* report tiers: fields reached through pointers the program keeps in registers (a parameter, a
 * local copy of a thread's void * argument, a pointer read from another structure): the report
 * names them as the source does, 'pool->queue.len', 'w->pool->busy', and the lock 'pool->lock' */
#include <pthread.h>
#include <stdlib.h>

struct queue {
    int len;
    void *front;
};

struct pool {
    pthread_mutex_t lock;
    int busy;
    struct queue queue;
};

struct worker {
    int id;
    struct pool *pool;
};

static void take(struct pool *pool)
{
    pool->queue.len--; // RACE
}

static void *work(void *arg)
{
    struct worker *w = arg;
    pthread_mutex_lock(&w->pool->lock);
    w->pool->busy++; // RACE
    pthread_mutex_unlock(&w->pool->lock);
    take(w->pool);
    return NULL;
}

int main(void)
{
    struct pool *pool = calloc(1, sizeof *pool);
    struct worker *w = calloc(1, sizeof *w);
    pthread_t t;
    pthread_mutex_init(&pool->lock, NULL);
    w->pool = pool;
    pthread_create(&t, NULL, work, w);
    pool->queue.len = 3; // RACE
    int busy = pool->busy; // RACE
    pthread_join(t, NULL);
    free(w);
    free(pool);
    return busy;
}
