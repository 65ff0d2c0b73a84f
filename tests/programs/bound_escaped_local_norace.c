/* The create and join loops are bounded by a field of a local struct whose address main stores into every job (the workers read its scale through it); no write anywhere may reach the bound after main sets it, so the join loop joins every worker and main's sum after it is ordered after their writes: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct settings { int workers; int scale; };
struct job { const struct settings *cfg; int slot; };
static long out[32];

static void *run(void *p)
{
    struct job *j = p;
    out[j->slot] = (long)j->cfg->scale * j->slot; // NORACE
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
    for (int i = 0; i < cfg.workers; i++)
        pthread_join(tids[i], NULL);
    long sum = 0;
    for (int i = 0; i < cfg.workers; i++)
        sum += out[i]; // NORACE
    printf("%ld\n", sum);
    free(jobs); // NORACE
    free(tids);
    return 0;
}
