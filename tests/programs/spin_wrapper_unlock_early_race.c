/* Two spin locks behind lock and unlock functions; the misses counter is updated after its lock is released: the two workers' updates of it race. */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int hits_lock, misses_lock;
static long hits, misses;

static void spin_lock(atomic_int *l)
{
    while (atomic_exchange_explicit(l, 1, memory_order_acquire))
        ;
}

static void spin_unlock(atomic_int *l)
{
    atomic_store_explicit(l, 0, memory_order_release);
}

static void *worker(void *arg)
{
    int odd = arg != 0;
    spin_lock(&hits_lock);
    hits++; // NORACE
    spin_unlock(&hits_lock);
    spin_lock(&misses_lock);
    spin_unlock(&misses_lock);
    misses += odd; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return hits < 0 || misses < 0; // NORACE
}
