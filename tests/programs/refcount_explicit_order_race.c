/* Racy twin of refcount_explicit_order_norace: the count is dropped with relaxed decrements, which order nothing, so the last holder's free may race with the other's writes. */
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
    if (atomic_fetch_sub_explicit(&b->users, 1, memory_order_relaxed) == 1) // RACE
        free(b); // RACE
}

static void *fill_tail(void *arg)
{
    struct buffer *b = arg;
    memset(b->tail, 't', sizeof b->tail); // RACE
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
    memset(b->head, 'h', sizeof b->head); // RACE
    buffer_unref(b);
    pthread_join(t, NULL);
    puts("done");
    return 0;
}
