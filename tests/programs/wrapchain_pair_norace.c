/* A wrapper allocates two cells and starts one thread on each through a create wrapper, storing each thread's job in its own cell; main reads each cell after joining its thread: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct job { pthread_t tid; void (*run)(void *); void *arg; } job;

static void *job_main(void *p)
{
    job *j = p;
    j->run(j->arg);
    return NULL;
}

static int job_start(void (*run)(void *), void *arg, job **out)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return 0;
    j->run = run;
    j->arg = arg;
    if (pthread_create(&j->tid, NULL, job_main, j) != 0) {
        free(j);
        return 0;
    }
    *out = j;
    return 1;
}

static void job_join(job *j)
{
    pthread_join(j->tid, NULL);
    free(j);
}


struct cell { int out; job *job; };

static void cell_run(void *p)
{
    struct cell *c = p;
    c->out += 1; // NORACE
}

static int pair_start(struct cell **pa, struct cell **pb)
{
    struct cell *a = calloc(1, sizeof *a);
    struct cell *b = calloc(1, sizeof *b);
    if (!a || !b)
        return 0;
    if (!job_start(cell_run, a, &a->job))
        return 0;
    if (!job_start(cell_run, b, &b->job))
        return 0;
    *pa = a;
    *pb = b;
    return 1;
}

int main(void)
{
    struct cell *c[2];
    int sum = 0;

    if (!pair_start(&c[0], &c[1]))
        return 1;
    for (int i = 0; i < 2; i++) {
        struct cell *x = c[i];
        job_join(x->job);
        sum += x->out; // NORACE
    }
    printf("%d\n", sum);
    return 0;
}
