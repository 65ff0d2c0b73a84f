/* The writer announces __tsan_release on one address, the reader __tsan_acquire on another: annotations pair only on the same address, so no edge orders the data accesses across the relaxed flag, a race. */
#include <pthread.h>

__attribute__((weak, noinline)) void __tsan_release(void *addr)
{
    (void)addr;
}
__attribute__((weak, noinline)) void __tsan_acquire(void *addr)
{
    (void)addr;
}

int data;
int flag, other;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // RACE
    __tsan_release(&flag);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            __tsan_acquire(&other);
            return (void *)(long)data; // RACE
        }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
