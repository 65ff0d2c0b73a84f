/* Code annotated for Helgrind (valgrind/helgrind.h): a custom spinlock announced with VALGRIND_HG_MUTEX_INIT_POST, LOCK_PRE/LOCK_POST after it is taken, UNLOCK_PRE/UNLOCK_POST around its release and DESTROY_PRE.  Every counter update happens while the announced lock is held, so no race. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int spin;
int counter;

static void spin_lock(void)
{
    VALGRIND_HG_MUTEX_LOCK_PRE(&spin, 0);
    while (__atomic_exchange_n(&spin, 1, __ATOMIC_ACQUIRE))
        ;
    VALGRIND_HG_MUTEX_LOCK_POST(&spin);
}

static void spin_unlock(void)
{
    VALGRIND_HG_MUTEX_UNLOCK_PRE(&spin);
    __atomic_store_n(&spin, 0, __ATOMIC_RELEASE);
    VALGRIND_HG_MUTEX_UNLOCK_POST(&spin);
}

static void *worker(void *arg)
{
    (void)arg;
    spin_lock();
    counter++; // NORACE
    spin_unlock();
    return 0;
}

int main(void)
{
    VALGRIND_HG_MUTEX_INIT_POST(&spin, 0);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    VALGRIND_HG_MUTEX_DESTROY_PRE(&spin);
    return counter != 2; // NORACE
}
