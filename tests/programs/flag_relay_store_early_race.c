/* The relay thread sets the flag before it waits for the producer's: the consumer may see the relay's store and read the value while the producer writes it, a race. */
#include <pthread.h>
#include <stdatomic.h>

static long value;
static atomic_int go;

static void *producer(void *arg)
{
    (void)arg;
    value = 41; // RACE
    atomic_store_explicit(&go, 1, memory_order_release); // NORACE
    return 0;
}

static void *relay(void *arg)
{
    (void)arg;
    atomic_store_explicit(&go, 2, memory_order_release); // NORACE
    for (int i = 0; i < 1000; i++)
        if (atomic_load_explicit(&go, memory_order_acquire)) { // NORACE
            break;
        }
    return 0;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000; i++)
        if (atomic_load_explicit(&go, memory_order_acquire)) // NORACE
            return (void *)(value + 1); // RACE
    return 0;
}

int main(void)
{
    pthread_t p, r, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&r, 0, relay, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(r, 0);
    pthread_join(c, 0);
    return value < 0; // NORACE
}
