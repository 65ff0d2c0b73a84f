/* Three wrapper-started threads bump a global under a heap lock; main reads the global before its join loop: race. */
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

static latch_t count_lock;
static int count;

static void tick(void *p)
{
    (void)p;
    latch_hold(count_lock);
    count++; // RACE
    latch_free(count_lock);
}

int main(void)
{
    job_t jobs[3];
    int i;

    if (!latch_make(&count_lock))
        return 1;
    for (i = 0; i < 3; i++)
        if (!job_start(tick, NULL, &jobs[i]))
            return 1;
    printf("%d\n", count); // RACE
    for (i = 0; i < 3; i++)
        job_wait(jobs[i]);
    latch_drop(count_lock);
    return 0;
}
