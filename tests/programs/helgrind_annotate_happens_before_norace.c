/* Code annotated for Helgrind (valgrind/helgrind.h): ANNOTATE_HAPPENS_BEFORE and ANNOTATE_HAPPENS_AFTER on a relaxed flag declare the edge that orders the data accesses, so they do not race (the client requests are inline assembly, a no-op outside Valgrind). */
#include <pthread.h>
#include <valgrind/helgrind.h>

int data;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // NORACE
    ANNOTATE_HAPPENS_BEFORE(&flag);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000000; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            ANNOTATE_HAPPENS_AFTER(&flag);
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
