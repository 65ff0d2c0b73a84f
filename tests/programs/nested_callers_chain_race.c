/* load() reaches save() through stage() before it joins its own worker: that worker may still add to the count while save()'s worker adds and save() scales it, a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker { pthread_t th; int step; };

static int count;

static void *work(void *p)
{
    struct worker *w = p;
    count += w->step; // RACE
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
    count *= 2; // RACE
}

static void stage(int n)
{
    if (n > 0)
        save();
}

static void load(int n)
{
    struct worker *w = worker_new(1);
    stage(n);
    if (w)
        worker_end(w);
}

int main(int argc, char **argv)
{
    (void)argv;
    load(argc);
    printf("%d\n", count); // NORACE
    return 0;
}
