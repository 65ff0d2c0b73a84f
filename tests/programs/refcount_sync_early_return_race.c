/* Racy twin of refcount_sync_early_return_norace: a holder that did not read 1 reads the block once more after its own decrement, which may be after the last holder freed it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct blob {
    long refs;
    long payload[4];
};

static void *consume(void *arg)
{
    struct blob *b = arg;
    long sum = b->payload[0] + b->payload[3]; // NORACE
    if (__sync_fetch_and_sub(&b->refs, 1) != 1)
        return (void *)(sum + b->payload[1]); // RACE
    free(b); // RACE
    return (void *)sum;
}

int main(int argc, char **argv)
{
    (void)argv;
    struct blob *b = malloc(sizeof *b);
    if (!b)
        return 1;
    b->refs = 3;
    for (int i = 0; i < 4; i++)
        b->payload[i] = argc + i;
    pthread_t t1, t2;
    pthread_create(&t1, NULL, consume, b);
    pthread_create(&t2, NULL, consume, b);
    void *r = consume(b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld\n", (long)r);
    return 0;
}
