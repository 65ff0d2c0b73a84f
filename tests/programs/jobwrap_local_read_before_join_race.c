/* The creator of two wrapper-started threads reads the local they bump under a heap lock before joining them: the read races with the locked bumps. */
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

static latch_t guard;

static void bump(void *p)
{
    int *v = p;
    latch_hold(guard);
    *v += 1; // RACE
    latch_free(guard);
}

static void pair(void)
{
    int val = 0;
    job_t a, b;

    if (!latch_make(&guard))
        return;
    if (!job_start(bump, &val, &a))
        a = NULL;
    if (!job_start(bump, &val, &b))
        b = NULL;
    printf("%d\n", val); // RACE
    if (a && !job_wait(a))
        printf("join failed\n");
    if (b && !job_wait(b))
        printf("join failed\n");
    latch_drop(guard);
}

int main(void)
{
    pair();
    return 0;
}
