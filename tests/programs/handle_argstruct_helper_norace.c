/* Each thread passes the data block it finds in its heap argument to a helper that updates it; main allocates argument and block per round and reads the blocks after the join loop: race-free. */
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

struct data { long sum; long n; };
struct targ { int id; struct data *d; };

static void update(struct data *d, int id)
{
    for (int k = 0; k < 4; k++)
        d->sum += k * id; // NORACE
    d->n = 4; // NORACE
}

static void work(void *p)
{
    struct targ *a = p;
    update(a->d, a->id);
}

int main(void)
{
    struct targ *args[N];
    thr_t thr[N];
    struct data *d = NULL;
    long total = 0;
    int i;

    for (i = 0; i < N; i++) {
        args[i] = malloc(sizeof *args[i]);
        d = malloc(sizeof *d);
        if (!args[i] || !d)
            return 1;
        d->sum = 0; // NORACE
        d->n = 0; // NORACE
        args[i]->id = i; // NORACE
        args[i]->d = d; // NORACE
        if (!thr_create(work, args[i], &thr[i]))
            return 1;
    }
    for (i = 0; i < N; i++)
        thr_join(thr[i]);
    for (i = 0; i < N; i++) {
        total += args[i]->d->sum + args[i]->d->n; // NORACE
        free(args[i]);
    }
    printf("%ld\n", total);
    return 0;
}
