/* Racy twin of bound_escaped_local_norace: main lowers the bound between the loops, so the last worker is never joined and its accesses race with the free of its job. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct settings { int workers; int scale; };
struct job { const struct settings *cfg; int slot; };
static long out[32];

static void *run(void *p)
{
    struct job *j = p;
    out[j->slot] = (long)j->cfg->scale * j->slot; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    struct settings cfg;
    cfg.workers = argc > 1 ? atoi(argv[1]) : 4;
    cfg.scale = 3;
    if (cfg.workers < 1 || cfg.workers > 32)
        return 1;
    pthread_t *tids = calloc((size_t)cfg.workers, sizeof *tids);
    struct job *jobs = calloc((size_t)cfg.workers, sizeof *jobs);
    if (!tids || !jobs)
        return 1;
    for (int i = 0; i < cfg.workers; i++) {
        jobs[i].cfg = &cfg;
        jobs[i].slot = i;
        pthread_create(&tids[i], NULL, run, &jobs[i]);
    }
    cfg.workers--;
    for (int i = 0; i < cfg.workers; i++)
        pthread_join(tids[i], NULL);
    long sum = 0;
    for (int i = 0; i < cfg.workers; i++)
        sum += out[i]; // NORACE
    printf("%ld\n", sum);
    free(jobs); // RACE
    free(tids);
    return 0;
}
