/* Message passing through a relaxed flag with a full fence (__sync_synchronize) after the data write and another before the data read: the fences synchronise through the flag (C11 7.17.4), so the data accesses do not race. */
#include <pthread.h>

int data;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // NORACE
    __sync_synchronize();
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            __sync_synchronize();
            return (void *)(long)data; // NORACE
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
