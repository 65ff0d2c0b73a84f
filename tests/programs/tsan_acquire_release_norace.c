/* Code annotated with ThreadSanitizer's interface (__tsan_release before publishing through a relaxed flag, __tsan_acquire after seeing it): the annotated edge orders the buffer write before the read. */
#include <pthread.h>

__attribute__((weak, noinline)) void __tsan_release(void *addr)
{
    (void)addr;
}
__attribute__((weak, noinline)) void __tsan_acquire(void *addr)
{
    (void)addr;
}

char buffer[16];
int flag;

static void *writer(void *arg)
{
    (void)arg;
    buffer[0] = 'x'; // NORACE
    __tsan_release(&flag);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            __tsan_acquire(&flag);
            return (void *)(long)buffer[0]; // NORACE
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
