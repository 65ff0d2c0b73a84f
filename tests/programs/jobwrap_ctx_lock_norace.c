/* Threads started through the create wrapper get a context (a local of their creator) holding a heap lock and a counter; each bumps the counter under the context's lock through lock wrappers: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct job { pthread_t tid; void (*run)(void *); void *arg; } *job_t;

static void *job_entry(void *p)
{
    job_t j = p;
    j->run(j->arg);
    return NULL;
}

static int job_start(void (*run)(void *), void *arg, job_t *out)
{
    job_t j = malloc(sizeof *j);
    if (!j)
        return 0;
    j->run = run;
    j->arg = arg;
    if (pthread_create(&j->tid, NULL, job_entry, j) != 0) {
        free(j);
        return 0;
    }
    *out = j;
    return 1;
}

static int job_wait(job_t j)
{
    if (pthread_join(j->tid, NULL) != 0)
        return 0;
    free(j);
    return 1;
}

typedef struct latch { pthread_mutex_t mu; } *latch_t;

static int latch_make(latch_t *out)
{
    latch_t l = malloc(sizeof *l);
    if (!l)
        return 0;
    pthread_mutex_init(&l->mu, NULL);
    *out = l;
    return 1;
}

static void latch_hold(latch_t l) { pthread_mutex_lock(&l->mu); }
static void latch_free(latch_t l) { pthread_mutex_unlock(&l->mu); }
static void latch_drop(latch_t l) { pthread_mutex_destroy(&l->mu); free(l); }

struct ctx {
    latch_t lk;
    int hits;
};

static void hit(void *p)
{
    struct ctx *c = p;
    latch_hold(c->lk);
    c->hits++; // NORACE
    latch_free(c->lk);
}

static int run(void)
{
    struct ctx c = { NULL, 0 };
    job_t a, b;

    if (!latch_make(&c.lk))
        return -1;
    if (!job_start(hit, &c, &a))
        return -1;
    if (!job_start(hit, &c, &b))
        return -1;
    job_wait(a);
    job_wait(b);
    latch_drop(c.lk);
    return c.hits; // NORACE
}

int main(void)
{
    printf("%d\n", run());
    return 0;
}
