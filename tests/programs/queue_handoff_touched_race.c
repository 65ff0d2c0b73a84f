/* main pushes each job onto a list under the queue lock but writes the job's result field again after the unlock, while the worker that popped it works on it: racy. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct thr { pthread_t handle; void (*start)(void *); void *args; } *thr_t;

static void *thr_entry(void *p)
{
    thr_t t = p;
    t->start(t->args);
    return NULL;
}

static int thr_create(void (*start)(void *), void *args, thr_t *out)
{
    thr_t t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->start = start;
    t->args = args;
    if (pthread_create(&t->handle, NULL, thr_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int thr_join(thr_t t)
{
    if (pthread_join(t->handle, NULL) != 0)
        return 0;
    free(t);
    return 1;
}

#define NJOBS 6
#define NWORKERS 2

struct job { int in; long out; struct job *next; };

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static struct job *head;
static int closed;
static long done;

static void worker(void *p)
{
    (void)p;
    for (;;) {
        pthread_mutex_lock(&qlock);
        while (!head && !closed)
            pthread_cond_wait(&qcond, &qlock);
        struct job *j = head; // NORACE
        if (j)
            head = j->next; // NORACE
        pthread_mutex_unlock(&qlock);
        if (!j)
            return;
        j->out = (long)j->in * j->in; // RACE
        pthread_mutex_lock(&qlock);
        done += j->out; // RACE
        pthread_mutex_unlock(&qlock);
    }
}

int main(void)
{
    thr_t thr[NWORKERS];
    struct job *all[NJOBS];
    int i, n = 0;

    for (i = 0; i < NWORKERS; i++)
        if (!thr_create(worker, NULL, &thr[i]))
            return 1;
    for (i = 0; i < NJOBS; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            break;
        j->in = i; // NORACE
        j->out = 0; // NORACE
        all[n++] = j;
        pthread_mutex_lock(&qlock);
        j->next = head; // NORACE
        head = j; // NORACE
        pthread_cond_signal(&qcond);
        pthread_mutex_unlock(&qlock);
        j->out = -1; // RACE
    }
    pthread_mutex_lock(&qlock);
    closed = 1; // NORACE
    pthread_cond_broadcast(&qcond);
    pthread_mutex_unlock(&qlock);
    for (i = 0; i < NWORKERS; i++)
        thr_join(thr[i]);
    printf("%ld\n", done); // NORACE
    while (n > 0)
        free(all[--n]);
    return 0;
}
