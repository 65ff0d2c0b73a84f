/* Two wrapper-started threads bump an unlocked global one after the other: the first is joined through the wrapper before the second starts, so they never run at the same time: race-free. */
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

static int stage;

static void advance(void *p)
{
    (void)p;
    stage = stage + 1; // NORACE
}

int main(void)
{
    job_t a, b;

    if (!job_start(advance, NULL, &a))
        return 1;
    job_wait(a);
    if (!job_start(advance, NULL, &b))
        return 1;
    job_wait(b);
    printf("%d\n", stage); // NORACE
    return 0;
}
