/* A custom spinlock announced to ThreadSanitizer with __tsan_mutex_pre_lock/post_lock/pre_unlock/post_unlock: every counter update happens while the announced lock is held, so no race. */
#include <pthread.h>

__attribute__((weak, noinline)) void __tsan_mutex_pre_lock(void *addr, unsigned flags)
{
    (void)addr, (void)flags;
}
__attribute__((weak, noinline)) void __tsan_mutex_post_lock(void *addr, unsigned flags, int recursion)
{
    (void)addr, (void)flags, (void)recursion;
}
__attribute__((weak, noinline)) int __tsan_mutex_pre_unlock(void *addr, unsigned flags)
{
    (void)addr, (void)flags;
    return 0;
}
__attribute__((weak, noinline)) void __tsan_mutex_post_unlock(void *addr, unsigned flags)
{
    (void)addr, (void)flags;
}

int spin;
int counter;

static void spin_lock(void)
{
    __tsan_mutex_pre_lock(&spin, 0);
    while (__atomic_exchange_n(&spin, 1, __ATOMIC_ACQUIRE))
        ;
    __tsan_mutex_post_lock(&spin, 0, 0);
}

static void spin_unlock(void)
{
    __tsan_mutex_pre_unlock(&spin, 0);
    __atomic_store_n(&spin, 0, __ATOMIC_RELEASE);
    __tsan_mutex_post_unlock(&spin, 0);
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
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter != 2; // NORACE
}
