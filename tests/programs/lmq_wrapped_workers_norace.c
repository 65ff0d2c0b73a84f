/* Thread and lock wrappers around a heap queue: main pushes fresh jobs while workers pop them in a loop under the queue's lock (waiting on a condition) and process each through two helpers without the lock: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NJOBS 5
#define NWORKERS 2

struct job { struct job *next; int in; int out; };
struct queue { pthread_mutex_t mu; pthread_cond_t cv; struct job *head; int closed; long sum; };

static void q_lock(struct queue *q) { pthread_mutex_lock(&q->mu); }
static void q_unlock(struct queue *q) { pthread_mutex_unlock(&q->mu); }

static struct queue *q;

static void step2(struct job *j) { j->out += j->in; } // NORACE
static void step1(struct job *j)
{
    j->out = j->in; // NORACE
    step2(j);
}

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        q_lock(q);
        while (!q->head && !q->closed) // NORACE
            pthread_cond_wait(&q->cv, &q->mu);
        struct job *j = q->head; // NORACE
        if (j)
            q->head = j->next; // NORACE
        q_unlock(q);
        if (!j)
            return NULL;
        step1(j);
        q_lock(q);
        q->sum += j->out; // NORACE
        q_unlock(q);
    }
}

static int spawn(pthread_t *t) { return pthread_create(t, NULL, worker, NULL); }

int main(void)
{
    pthread_t t[NWORKERS];
    q = calloc(1, sizeof *q);
    if (!q)
        return 1;
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cv, NULL);
    for (int i = 0; i < NWORKERS; i++)
        spawn(&t[i]);
    for (int i = 0; i < NJOBS; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            break;
        j->in = i; // NORACE
        q_lock(q);
        j->next = q->head; // NORACE
        q->head = j; // NORACE
        pthread_cond_signal(&q->cv);
        q_unlock(q);
    }
    q_lock(q);
    q->closed = 1; // NORACE
    pthread_cond_broadcast(&q->cv);
    q_unlock(q);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(t[i], NULL);
    printf("%ld\n", q->sum); // NORACE
    free(q);
    return 0;
}
