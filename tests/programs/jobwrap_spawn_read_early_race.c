/* A wrapper allocates a record and starts a thread on it; main reads the second record's result before joining that thread: race. */
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

struct tally {
    int base;
    int out;
    job_t job;
};

static void tally_run(void *p)
{
    struct tally *t = p;
    t->out = t->base * 10; // RACE
}

static struct tally *tally_start(int base)
{
    struct tally *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->base = base; // NORACE
    t->out = 0; // NORACE
    if (!job_start(tally_run, t, &t->job)) {
        free(t);
        return NULL;
    }
    return t;
}

int main(void)
{
    struct tally *t1 = tally_start(1), *t2 = tally_start(2);
    int sum = 0;

    if (t1 && job_wait(t1->job))
        sum += t1->out; // NORACE
    if (t2 && t2->out >= 0 && job_wait(t2->job)) // RACE
        sum += t2->out; // NORACE
    printf("%d\n", sum);
    free(t1);
    free(t2);
    return 0;
}
