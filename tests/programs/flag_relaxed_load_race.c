/* The consumer polls the flag with a relaxed load: seeing it set orders nothing, so its read of the record races with the producer's writes (C11 5.1.2.4). */
#include <pthread.h>
#include <stdatomic.h>

static int record[2];
static atomic_int ready;
static atomic_int other;

static void *producer(void *arg)
{
    (void)arg;
    record[0] = 7; // RACE
    record[1] = 9; // RACE
    atomic_store_explicit(&ready, 1, memory_order_release); // NORACE
    return 0;
}

static void *helper(void *arg)
{
    (void)arg;
    atomic_store_explicit(&other, 1, memory_order_release); // NORACE
    return 0;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000; i++)
        if (atomic_load_explicit(&ready, memory_order_relaxed)) // NORACE
            return (void *)(long)(record[0] + record[1]); // RACE
    return 0;
}

int main(void)
{
    pthread_t p, h, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&h, 0, helper, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(h, 0);
    pthread_join(c, 0);
    return atomic_load(&other) < 0; // NORACE
}
