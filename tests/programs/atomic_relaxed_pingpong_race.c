/* relaxed atomics pass a value back and forth (f1, g, f2) but order nothing: the write and read of data race; no interleaving puts them next to each other */
#include <pthread.h>

int data, f1, g, f2;

static void *first(void *arg)
{
    data = 1; // RACE
    __atomic_store_n(&f1, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&g, __ATOMIC_RELAXED))
        return arg;
    __atomic_store_n(&f2, 1, __ATOMIC_RELAXED);
    return arg;
}

static void *second(void *arg)
{
    if (!__atomic_load_n(&f1, __ATOMIC_RELAXED))
        return arg;
    __atomic_store_n(&g, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&f2, __ATOMIC_RELAXED))
        return arg;
    return (void *)(long)data; // RACE
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, first, 0);
    pthread_create(&b, 0, second, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
