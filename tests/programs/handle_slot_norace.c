/* Each thread reads its data block from a global array slot indexed by the id main passes it; main fills slot i before starting thread i and reads the slots after the join loop: race-free. */
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

#define N 3

struct data { long sum; int id; };
static struct data *slot[N];

static void work(void *p)
{
    int id = *(int *)p;
    struct data *d = slot[id];
    for (int k = 0; k < 4; k++)
        d->sum += k + d->id; // NORACE
}

int main(void)
{
    int ids[N];
    thr_t thr[N];
    long total = 0;
    int i;

    for (i = 0; i < N; i++) {
        slot[i] = malloc(sizeof *slot[i]);
        if (!slot[i])
            return 1;
        slot[i]->sum = 0; // NORACE
        slot[i]->id = i; // NORACE
        ids[i] = i; // NORACE
        if (!thr_create(work, &ids[i], &thr[i]))
            return 1;
    }
    for (i = 0; i < N; i++)
        thr_join(thr[i]);
    for (i = 0; i < N; i++) {
        total += slot[i]->sum; // NORACE
        free(slot[i]);
    }
    printf("%ld\n", total);
    return 0;
}
