/* ThreadSanitizer annotations over a relaxed flag with a bounded spin: the writer announces AnnotateHappensBefore on the flag before setting it, the reader AnnotateHappensAfter once it sees it, so the write of data happens before the read. */
#include <pthread.h>

__attribute__((weak, noinline)) void AnnotateHappensBefore(const char *f, int l, const volatile void *obj)
{
    (void)f, (void)l, (void)obj;
}
__attribute__((weak, noinline)) void AnnotateHappensAfter(const char *f, int l, const volatile void *obj)
{
    (void)f, (void)l, (void)obj;
}

int data;
int flag;

static void *writer(void *arg)
{
    (void)arg;
    data = 5; // NORACE
    AnnotateHappensBefore(__FILE__, __LINE__, &flag);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
            AnnotateHappensAfter(__FILE__, __LINE__, &flag);
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
