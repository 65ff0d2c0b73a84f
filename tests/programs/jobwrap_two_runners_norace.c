/* Two functions main calls one after the other each start two threads through the create wrapper and join both through the join wrapper before returning; the threads bump a global under a heap lock, and main reads it after both functions: race-free. */
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

static latch_t lock;
static int hits;

static void hit(void *p)
{
    (void)p;
    latch_hold(lock);
    hits++; // NORACE
    latch_free(lock);
}

static void first_round(void)
{
    job_t a, b;
    if (!job_start(hit, NULL, &a))
        return;
    if (!job_start(hit, NULL, &b)) {
        job_wait(a);
        return;
    }
    job_wait(a);
    job_wait(b);
}

static void second_round(void)
{
    job_t c;
    if (!job_start(hit, NULL, &c))
        return;
    job_wait(c);
    hits += 10; // NORACE
}

int main(void)
{
    if (!latch_make(&lock))
        return 1;
    first_round();
    second_round();
    printf("%d\n", hits); // NORACE
    latch_drop(lock);
    return 0;
}
