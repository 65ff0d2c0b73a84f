/* Each wrapper-started thread gets its own heap record, filled in by main before the start and read by main after the join wrapper: race-free. */
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

struct cell {
    int in;
    int out;
};

static void square(void *p)
{
    struct cell *c = p;
    c->out = c->in * c->in; // NORACE
}

int main(void)
{
    struct cell *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    job_t a = NULL, b = NULL;

    if (!x || !y)
        return 1;
    x->in = 3; // NORACE
    y->in = 4; // NORACE
    if (!job_start(square, x, &a))
        a = NULL;
    if (!job_start(square, y, &b))
        b = NULL;
    if (a && !job_wait(a))
        return 1;
    if (b && !job_wait(b))
        return 1;
    printf("%d %d\n", x->out, y->out); // NORACE
    free(x);
    free(y);
    return 0;
}
