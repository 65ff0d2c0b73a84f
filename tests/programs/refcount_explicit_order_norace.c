/* One worker and main share a heap buffer counted with atomic_fetch_sub_explicit(memory_order_acq_rel) in a release helper that both call; the worker fills the buffer's tail and main its head before dropping: whoever drops last frees after the other's writes, race-free. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffer {
    atomic_uint users;
    char head[32];
    char tail[32];
};

static void buffer_unref(struct buffer *b)
{
    if (atomic_fetch_sub_explicit(&b->users, 1, memory_order_acq_rel) == 1)
        free(b); // NORACE
}

static void *fill_tail(void *arg)
{
    struct buffer *b = arg;
    memset(b->tail, 't', sizeof b->tail); // NORACE
    buffer_unref(b);
    return NULL;
}

int main(void)
{
    struct buffer *b = malloc(sizeof *b);
    if (!b)
        return 1;
    atomic_init(&b->users, 2);
    pthread_t t;
    if (pthread_create(&t, NULL, fill_tail, b) != 0)
        return 1;
    memset(b->head, 'h', sizeof b->head); // NORACE
    buffer_unref(b);
    pthread_join(t, NULL);
    puts("done");
    return 0;
}
