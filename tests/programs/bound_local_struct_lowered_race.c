/* The create and join loops are bounded by a field of a local struct, but main lowers it between the two loops: the last worker is never joined and its write races with main's sum. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task { long *out; int slot; };

static void *run(void *p)
{
    struct task *t = p;
    t->out[t->slot] = 3L * t->slot; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    struct { int workers; int verbose; } opt;
    int n = argc > 2 ? 8 : 3;
    opt.workers = n;
    opt.verbose = argc > 1;
    pthread_t *tids = malloc(8 * sizeof *tids);
    long *out = calloc(8, sizeof *out);
    struct task *tasks = malloc(8 * sizeof *tasks);
    if (!tids || !out || !tasks)
        return 1;
    for (int i = 0; i < opt.workers; i++) {
        tasks[i].out = out;
        tasks[i].slot = i;
        pthread_create(&tids[i], NULL, run, &tasks[i]);
    }
    opt.workers--;
    for (int i = 0; i < opt.workers; i++)
        pthread_join(tids[i], NULL);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += out[i]; // RACE
    if (opt.verbose)
        printf("%ld\n", sum);
    free(tasks); // RACE
    free(out); // RACE
    free(tids);
    return 0;
}
