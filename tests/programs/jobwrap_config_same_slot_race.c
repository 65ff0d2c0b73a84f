/* Both wrapper-started readers are handed the same slot of the global array instead of one each: their writes of the result race. */
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

static int limit;
static int seen[2];

static void check(void *p)
{
    int *slot = p;
    *slot = limit > 3; // RACE
}

int main(void)
{
    job_t a, b;

    limit = 7; // NORACE
    if (!job_start(check, &seen[0], &a))
        return 1;
    if (!job_start(check, &seen[0], &b))
        return 1;
    job_wait(a);
    job_wait(b);
    limit = 0; // NORACE
    printf("%d %d\n", seen[0], seen[1]); // NORACE
    return 0;
}
