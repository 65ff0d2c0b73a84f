/* jobs.h - the job queue example's shared declarations. */
#ifndef JOBS_H
#define JOBS_H
#include <pthread.h>

#define QUEUE_CAP 16

struct queue {
    pthread_mutex_t lock;
    pthread_cond_t nonempty;
    int items[QUEUE_CAP];
    int head, tail, count;
    int closed;
};

struct stats {
    pthread_mutex_t lock;
    long done;      /* protected by lock */
    long busiest;   /* updated without the lock: the bug this example shows */
};

void queue_init(struct queue *q);
void queue_push(struct queue *q, int item);
int queue_pop(struct queue *q, int *item); /* 0 when closed and empty */
void queue_close(struct queue *q);

void stats_record(struct stats *s, int item);
long stats_done(struct stats *s);

void *worker_main(void *arg);

struct worker_ctx {
    struct queue *q;
    struct stats *s;
};
#endif
