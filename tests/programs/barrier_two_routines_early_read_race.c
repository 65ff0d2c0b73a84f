/* Like barrier_two_routines_norace, but the consumer peeks at the buffer before it waits at the barrier: it races with the producer filling it. */
#include <pthread.h>
#include <stdio.h>

struct exchange {
    pthread_barrier_t ready;
    int buffer[4];
    int sum;
};

static void *producer(void *arg)
{
    struct exchange *x = arg;
    for (int i = 0; i < 4; i++)
        x->buffer[i] = i * i; // RACE
    pthread_barrier_wait(&x->ready);
    return NULL;
}

static void *consumer(void *arg)
{
    struct exchange *x = arg;
    x->sum = x->buffer[0]; // RACE
    pthread_barrier_wait(&x->ready);
    for (int i = 0; i < 4; i++)
        x->sum += x->buffer[i]; // NORACE
    return NULL;
}

int main(void)
{
    struct exchange x = {.sum = 0}; // NORACE
    pthread_t p, c;
    pthread_barrier_init(&x.ready, NULL, 2);
    pthread_create(&p, NULL, producer, &x);
    pthread_create(&c, NULL, consumer, &x);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    printf("%d\n", x.sum); // NORACE
    pthread_barrier_destroy(&x.ready);
    return 0;
}
