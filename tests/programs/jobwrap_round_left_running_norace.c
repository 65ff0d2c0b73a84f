/* Two functions main calls one after the other each start a thread through the create wrapper that sets a global without a lock, and join it through the join wrapper before returning: the threads never overlap, race-free. */
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
    mark = *(int *)p; // NORACE
}

static void round_one(void)
{
    static int one = 1;
    job_t a;
    if (!job_start(set_mark, &one, &a))
        return;
    job_wait(a);
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
    printf("%d\n", mark); // NORACE
    return 0;
}
