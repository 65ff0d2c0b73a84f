/* main allocates an item per loop round and starts its thread through a wrapper that passes the item to a create wrapper, keeping each item in a slot; main frees each item after joining its thread: race-free. */
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


struct item { int v; int r; job *job; };

static void item_run(void *p)
{
    struct item *it = p;
    int v = it->v; // NORACE
    it->r = v * 2; // NORACE
}

static int item_start(struct item *it)
{
    return job_start(item_run, it, &it->job);
}

int main(void)
{
    struct item *items[3];
    int sum = 0;

    for (int i = 0; i < 3; i++) {
        struct item *it = malloc(sizeof *it);
        if (it) {
            it->v = i; // NORACE
            if (!item_start(it)) {
                free(it); // NORACE
                it = NULL;
            }
        }
        items[i] = it;
    }
    for (int i = 0; i < 3; i++) {
        struct item *it = items[i];
        if (!it)
            continue;
        sum += it->job != NULL;
        job_join(it->job);
        sum += it->r; // NORACE
        free(it); // NORACE
    }
    printf("%d\n", sum);
    return 0;
}
