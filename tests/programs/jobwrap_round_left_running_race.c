/* The first of two functions main calls returns without joining its thread, so it may still set the unlocked global when the second function's thread does: race. */
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

static int mark;

static void set_mark(void *p)
{
    mark = *(int *)p; // RACE
}

static void round_one(void)
{
    static int one = 1;
    job_t a;
    if (!job_start(set_mark, &one, &a))
        return;
}

static void round_two(void)
{
    static int two = 2;
    job_t b;
    if (!job_start(set_mark, &two, &b))
        return;
    job_wait(b);
}

int main(void)
{
    round_one();
    round_two();
    printf("%d\n", mark); // RACE
    return 0;
}
