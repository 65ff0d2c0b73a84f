/* Two wrapper-started threads add to a global under a heap lock reached through a global pointer written once before they start; main reads the total after the join wrapper returns for both: race-free. */
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

static latch_t total_lock;
static int total;

static void add(void *p)
{
    int n = *(int *)p;
    latch_hold(total_lock);
    total += n; // NORACE
    latch_free(total_lock);
}

int main(void)
{
    static int one = 1, two = 2;
    job_t a, b;

    if (!latch_make(&total_lock))
        return 1;
    if (!job_start(add, &one, &a))
        return 1;
    if (!job_start(add, &two, &b))
        return 1;
    job_wait(a);
    job_wait(b);
    printf("%d\n", total); // NORACE
    latch_drop(total_lock);
    return 0;
}
