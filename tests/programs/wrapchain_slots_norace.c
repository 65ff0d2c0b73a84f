/* A wrapper allocates a worker handle and starts its thread through a create wrapper; main keeps one handle per slot of an array and reads each result after joining that handle's thread: race-free. */
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

struct worker { int id; long result; job *job; };

static void worker_run(void *p)
{
    struct worker *w = p;
    long id = w->id; // NORACE
    w->result = id * id; // NORACE
}

static struct worker *worker_new(int id)
{
    struct worker *w = malloc(sizeof *w);
    if (!w)
        return NULL;
    w->id = id; // NORACE
    w->result = -1; // NORACE
    if (!job_start(worker_run, w, &w->job)) {
        free(w);
        return NULL;
    }
    return w;
}

int main(void)
{
    struct worker *slots[4];
    long sum = 0;

    for (int i = 0; i < 4; i++)
        slots[i] = worker_new(i);
    for (int i = 0; i < 4; i++) {
        struct worker *w = slots[i];
        if (!w)
            continue;
        sum += w->id; // NORACE
        job_join(w->job);
        sum += w->result; // NORACE
        free(w);
    }
    printf("%ld\n", sum);
    return 0;
}
