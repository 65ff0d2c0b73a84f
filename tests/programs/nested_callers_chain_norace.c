/* load() starts a worker through a wrapper that returns its record, joins it, then reaches save() through stage(); save() starts and joins another worker before it scales the count: the two workers and the writes never overlap, race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker { pthread_t th; int step; };

static int count;

static void *work(void *p)
{
    struct worker *w = p;
    count += w->step; // NORACE
    return NULL;
}

static struct worker *worker_new(int step)
{
    struct worker *w = malloc(sizeof *w);
    if (!w)
        return NULL;
    w->step = step;
    if (pthread_create(&w->th, NULL, work, w) != 0) {
        free(w);
        return NULL;
    }
    return w;
}

static void worker_end(struct worker *w)
{
    pthread_join(w->th, NULL);
    free(w);
}

static void save(void)
{
    struct worker *w = worker_new(3);
    if (!w)
        return;
    worker_end(w);
    count *= 2; // NORACE
}

static void stage(int n)
{
    if (n > 0)
        save();
}

static void load(int n)
{
    struct worker *w = worker_new(1);
    if (w)
        worker_end(w);
    stage(n);
}

int main(int argc, char **argv)
{
    (void)argv;
    load(argc);
    printf("%d\n", count); // NORACE
    return 0;
}
