/* Code annotated for ThreadSanitizer (dynamic_annotations.h): a relaxed flag whose publication is announced with AnnotateHappensBefore and AnnotateHappensAfter; the annotations declare the happens-before edge, so the data accesses do not race. */
#include <pthread.h>

/* the no-op definitions dynamic_annotations.c provides outside ThreadSanitizer */
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
    for (int i = 0; i < 1000000; i++)
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
