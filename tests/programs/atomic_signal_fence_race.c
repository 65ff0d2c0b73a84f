/* __atomic_signal_fence orders only against a signal handler of the same thread, not between threads: with a relaxed flag the data write and read still race. */
#include <pthread.h>

int data;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // RACE
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            __atomic_signal_fence(__ATOMIC_SEQ_CST);
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
