/* A create wrapper packs the routine and its argument into a record it
 * allocates per call and starts a trampoline that calls the routine with
 * the record's argument; a loop starts one thread per slot with the
 * slot's address as argument and the slot's handle field as the handle.
 * Each instance's record carries its own slot, so the instances' updates
 * of their slots never meet, and main reads the slots after joining. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct slot {
    pthread_t th;
    int value;
};

struct start_rec {
    void *(*fn)(void *);
    void *arg;
};

static void *trampoline(void *p)
{
    struct start_rec *r = p;
    void *(*fn)(void *) = r->fn;
    void *arg = r->arg;
    free(r);
    return fn(arg);
}

static int create(void *(*fn)(void *), void *arg, pthread_t *th)
{
    struct start_rec *r = malloc(sizeof *r);
    if (!r)
        return -1;
    r->fn = fn;
    r->arg = arg;
    if (pthread_create(th, NULL, trampoline, r)) {
        free(r);
        return -1;
    }
    return 0;
}

static struct slot slots[N];

static void *helper(void *arg)
{
    struct slot *s = arg;
    s->value = s->value * 2 + 1; // NORACE
    return NULL;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        slots[i].value = i; // NORACE
    for (int i = 0; i < N; i++)
        if (create(helper, &slots[i], &slots[i].th))
            exit(1);
    for (int i = 0; i < N; i++)
        pthread_join(slots[i].th, NULL);
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += slots[i].value; // NORACE
    printf("%d\n", sum);
    return 0;
}
