/* The writer publishes with __atomic_exchange_n in relaxed order: relaxed atomics create no happens-before, so the message write and the read after seeing the flag race. */
#include <pthread.h>

int message;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    message = 17; // RACE
    __atomic_exchange_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED))
            return (void *)(long)message; // RACE
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
