/* A wrapper allocates a probe and starts its thread through a create wrapper; a second wrapper joins the probe's thread through the job kept in it; main reads each probe's sample only after that join wrapper: race-free. */
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


struct probe { int chan; int sample; job *job; };

static void probe_run(void *p)
{
    struct probe *pr = p;
    int c = pr->chan; // NORACE
    pr->sample = c * 3; // NORACE
}

static struct probe *probe_open(int chan)
{
    struct probe *pr = malloc(sizeof *pr);
    if (!pr)
        return NULL;
    pr->chan = chan; // NORACE
    pr->sample = 0; // NORACE
    if (!job_start(probe_run, pr, &pr->job)) {
        free(pr);
        return NULL;
    }
    return pr;
}

static void probe_wait(struct probe *pr)
{
    job_join(pr->job);
}

int main(void)
{
    struct probe *p[3];
    int sum = 0;

    for (int i = 0; i < 3; i++)
        p[i] = probe_open(i);
    for (int i = 0; i < 3; i++) {
        struct probe *pr = p[i];
        if (!pr)
            continue;
        sum += pr->chan; // NORACE
        probe_wait(pr);
        sum += pr->sample; // NORACE
        free(pr); // NORACE
    }
    printf("%d\n", sum);
    return 0;
}
