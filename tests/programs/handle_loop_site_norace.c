/* One allocation site in a helper makes a worker block per loop round, each passed to its own thread through a create wrapper; main sums the blocks after the join loop: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct thr { pthread_t handle; void (*start)(void *); void *args; } *thr_t;

static void *thr_entry(void *p)
{
    thr_t t = p;
    t->start(t->args);
    return NULL;
}

static int thr_create(void (*start)(void *), void *args, thr_t *out)
{
    thr_t t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->start = start;
    t->args = args;
    if (pthread_create(&t->handle, NULL, thr_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int thr_join(thr_t t)
{
    if (pthread_join(t->handle, NULL) != 0)
        return 0;
    free(t);
    return 1;
}

#define N 4

struct worker { int id; long acc; };

static struct worker *worker_new(int id)
{
    struct worker *w = malloc(sizeof *w);
    if (w) {
        w->id = id; // NORACE
        w->acc = 0; // NORACE
    }
    return w;
}

static void work(void *p)
{
    struct worker *w = p;
    for (int k = 0; k < 8; k++)
        w->acc += w->id * k; // NORACE
}

int main(void)
{
    struct worker *ws[N];
    thr_t thr[N];
    long total = 0;
    int i;

    for (i = 0; i < N; i++) {
        ws[i] = worker_new(i);
        if (!ws[i] || !thr_create(work, ws[i], &thr[i]))
            return 1;
    }
    for (i = 0; i < N; i++)
        thr_join(thr[i]);
    for (i = 0; i < N; i++) {
        total += ws[i]->acc; // NORACE
        free(ws[i]);
    }
    printf("%ld\n", total);
    return 0;
}
