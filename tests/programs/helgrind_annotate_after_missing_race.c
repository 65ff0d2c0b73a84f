/* Code annotated for Helgrind: the writer announces ANNOTATE_HAPPENS_BEFORE on the flag, but the reader never announces ANNOTATE_HAPPENS_AFTER, so (the flag being relaxed) nothing orders the data accesses: race. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int data;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // RACE
    ANNOTATE_HAPPENS_BEFORE(&flag);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED))
            return (void *)(long)data; // RACE
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
