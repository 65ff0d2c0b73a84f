/* Code annotated for Helgrind: the custom spinlock of helgrind_mutex_spinlock_norace.c, announced with VALGRIND_HG_MUTEX_LOCK_POST/UNLOCK_PRE, protects 'counter', but each worker also sets 'last' before it takes the lock: that write races. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int spin;
int counter;
long last;

static void spin_lock(void)
{
    while (__atomic_exchange_n(&spin, 1, __ATOMIC_ACQUIRE))
        ;
    VALGRIND_HG_MUTEX_LOCK_POST(&spin);
}

static void spin_unlock(void)
{
    VALGRIND_HG_MUTEX_UNLOCK_PRE(&spin);
    __atomic_store_n(&spin, 0, __ATOMIC_RELEASE);
}

static void *worker(void *arg)
{
    last = (long)arg; // RACE
    spin_lock();
    counter++; // NORACE
    spin_unlock();
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1);
    pthread_create(&b, 0, worker, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter != 2; // NORACE
}
