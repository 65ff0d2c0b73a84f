/* Main allocates two counted blocks and starts one thread on each; every holder drops its reference through one helper after its last access, and a count of two per block means the last of the two frees it: race-free. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct counted {
    atomic_long refs;
    double value;
};

static void counted_put(struct counted *c)
{
    if (atomic_fetch_sub(&c->refs, 1) == 1)
        free(c); // NORACE
}

static void *scale(void *arg)
{
    struct counted *c = arg;
    c->value *= 2.0; // NORACE
    counted_put(c);
    return NULL;
}

static struct counted *counted_new(double v)
{
    struct counted *c = malloc(sizeof *c);
    if (!c)
        exit(1);
    c->value = v;
    atomic_init(&c->refs, 2);
    return c;
}

int main(void)
{
    struct counted *a = counted_new(1.5);
    struct counted *b = counted_new(2.5);
    pthread_t ta, tb;
    pthread_create(&ta, NULL, scale, a);
    pthread_create(&tb, NULL, scale, b);
    counted_put(a);
    counted_put(b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    puts("ok");
    return 0;
}
