/* An outer function starts a thread through the create wrapper and, before joining it, calls an inner function that starts and joins a second one and then bumps the global without a lock: the bump races with the first thread, still running. */
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

static int total;

static void add(void *p)
{
    (void)p;
    total += 1; // RACE
}

static void inner(void)
{
    job_t b;
    if (!job_start(add, NULL, &b))
        return;
    job_wait(b);
    total += 100; // RACE
}

static void outer(void)
{
    job_t a;
    if (!job_start(add, NULL, &a))
        return;
    inner();
    job_wait(a);
}

int main(void)
{
    outer();
    printf("%d\n", total); // NORACE
    return 0;
}
