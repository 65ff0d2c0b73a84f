/* A start wrapper allocates a job record per loop round, starts its thread with the record as argument and hands the record back through an out-parameter into a slot array; a join wrapper joins it. Both loops are bounded by a field of a local options struct written only before the first start, so the join loop joins every job and main reads each result after it: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct job { pthread_t tid; int input; int output; } job;

static void *job_body(void *p)
{
    job *j = p;
    j->output = j->input + 100; // NORACE
    return NULL;
}

static int job_start(int input, job **out)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return 0;
    j->input = input; // NORACE
    if (pthread_create(&j->tid, NULL, job_body, j) != 0) {
        free(j);
        return 0;
    }
    *out = j;
    return 1;
}

static void job_wait(job *j)
{
    pthread_join(j->tid, NULL);
}

int main(int argc, char **argv)
{
    (void)argv;
    struct { int jobs; int base; } opts = { 0, 0 };
    opts.jobs = argc + 1 < 5 ? argc + 1 : 5;
    opts.base = 10;
    int n = opts.jobs;
    job *slots[5];
    for (int i = 0; i < opts.jobs; i++)
        if (!job_start(opts.base + i, &slots[i]))
            slots[i] = NULL;
    for (int i = 0; i < opts.jobs; i++)
        if (slots[i])
            job_wait(slots[i]);
    int sum = 0;
    for (int i = 0; i < n; i++)
        if (slots[i]) {
            sum += slots[i]->output; // NORACE
            free(slots[i]); // NORACE
        }
    printf("%d\n", sum);
    return 0;
}
