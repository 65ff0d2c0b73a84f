/* The writer fills the message and publishes it with __atomic_compare_exchange_n (release on success); the reader reads the message only after an acquire load saw the flag: happens-before, no race. */
#include <pthread.h>

int message;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    message = 17; // NORACE
    int expected = 0;
    __atomic_compare_exchange_n(&flag, &expected, 1, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
            return (void *)(long)message; // NORACE
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
