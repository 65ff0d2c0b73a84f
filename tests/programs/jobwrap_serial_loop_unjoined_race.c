/* A loop starts a thread per round through the create wrapper but joins only the last one after the loop, so the rounds add to main's local at the same time: race. */
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

static void accumulate(void *p)
{
    int *acc = p;
    *acc += 5; // RACE
}

int main(void)
{
    int acc = 0, round;
    job_t j;

    for (round = 0; round < 3; round++) {
        if (!job_start(accumulate, &acc, &j))
            return 1;
    }
    job_wait(j);
    printf("%d\n", acc); // RACE
    return 0;
}
