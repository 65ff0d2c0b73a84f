/* Two instances of one routine and main share a block counted with __sync builtins; a holder that does not read 1 from its decrement returns at once, and only the last one frees: every holder reads before its own decrement, race-free. */
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
        return (void *)sum;
    free(b); // NORACE
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
