/* Every round of the loop hands the thread it starts the first round's block instead of its own: the threads' writes to that block race. */
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

#define N 3

struct part {
    int id;
    int val;
};

static void compute(void *p)
{
    struct part *q = p;
    q->val = q->id * 7; // RACE
}

int main(void)
{
    struct part *parts[N];
    job_t jobs[N];
    int i, sum = 0;

    for (i = 0; i < N; i++) {
        struct part *q = malloc(sizeof *q);
        if (!q)
            return 1;
        q->id = i; // NORACE
        parts[i] = q;
        if (!job_start(compute, parts[0], &jobs[i]))
            return 1;
    }
    for (i = 0; i < N; i++)
        job_wait(jobs[i]);
    for (i = 0; i < N; i++) {
        sum += parts[i]->val; // NORACE
        free(parts[i]);
    }
    printf("%d\n", sum);
    return 0;
}
