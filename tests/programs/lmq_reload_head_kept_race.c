/* A FIFO job queue whose pop takes the head but unlinks nothing (the head is read again and written back): every worker fills the same first job without the lock: a race on the job. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 3

struct job { int in; long out; struct job *next; };
struct queue { pthread_mutex_t lock; struct job *head, *tail; };

static struct queue q = {PTHREAD_MUTEX_INITIALIZER, NULL, NULL};
static struct job *all[N];

static void q_push(struct queue *qu, struct job *j)
{
    pthread_mutex_lock(&qu->lock);
    j->next = NULL; // NORACE
    if (qu->tail)
        qu->tail->next = j; // NORACE
    else
        qu->head = j; // NORACE
    qu->tail = j; // NORACE
    pthread_mutex_unlock(&qu->lock);
}

static struct job *q_pop(struct queue *qu)
{
    pthread_mutex_lock(&qu->lock);
    struct job *j = NULL;
    if (qu->head) { // NORACE
        j = qu->head; // NORACE
        qu->head = qu->head; // NORACE
        if (!qu->head)
            qu->tail = NULL; // NORACE
    }
    pthread_mutex_unlock(&qu->lock);
    return j;
}

static void fill(struct job *j)
{
    j->out = (long)j->in * 10; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    struct job *j = q_pop(&q);
    if (j)
        fill(j);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            return 1;
        j->in = i; // NORACE
        all[i] = j;
        q_push(&q, j);
    }
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++) {
        printf("%ld\n", all[i]->out); // NORACE
        free(all[i]);
    }
    return 0;
}
