/* A worker writes a value and raises a relaxed flag; the other spins on the flag, passes cancellation points (pthread_setcanceltype, pthread_testcancel) and writes the value. Nobody calls pthread_cancel, so the cancellation points order nothing and relaxed atomics order nothing: the writes race in every run. */
#include <pthread.h>
#include <stdatomic.h>

int value;
atomic_int ready;

static void *producer(void *arg)
{
    (void)arg;
    value = 1; // RACE
    atomic_store_explicit(&ready, 1, memory_order_relaxed);
    return 0;
}

static void *consumer(void *arg)
{
    int old;
    (void)arg;
    while (!atomic_load_explicit(&ready, memory_order_relaxed))
        ;
    pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old);
    pthread_testcancel();
    value = 2; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return value;
}
