/* Racy twin of refcount_loop_holders_norace: the count starts at three for four holders, so a holder may free the block while another still reads it (and decrements freed memory). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct shared_cfg {
    atomic_int refs;
    int scale;
    long bias;
};

static void cfg_release(struct shared_cfg *c)
{
    if (atomic_fetch_sub(&c->refs, 1) == 1) // RACE
        free(c); // RACE
}

static void *worker(void *arg)
{
    struct shared_cfg *c = arg;
    long v = c->scale * 10L + c->bias; // RACE
    cfg_release(c);
    return (void *)v;
}

int main(void)
{
    struct shared_cfg *c = malloc(sizeof *c);
    if (!c)
        return 1;
    c->scale = 3;
    c->bias = 7;
    atomic_init(&c->refs, 3);
    pthread_t th[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&th[i], NULL, worker, c);
    long mine = c->bias; // RACE
    cfg_release(c);
    long total = mine;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(th[i], &r);
        total += (long)r;
    }
    printf("%ld\n", total);
    return 0;
}
