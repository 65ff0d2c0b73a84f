/* Code annotated for ThreadSanitizer: one worker's write of 'last_seen' is inside AnnotateIgnoreWritesBegin/End, the other worker's inside __tsan_ignore_thread_begin/end.  The write-write race is real, found, and reported as suppressed by an ignore annotation. */
#include <pthread.h>

__attribute__((weak, noinline)) void AnnotateIgnoreWritesBegin(const char *f, int l)
{
    (void)f, (void)l;
}
__attribute__((weak, noinline)) void AnnotateIgnoreWritesEnd(const char *f, int l)
{
    (void)f, (void)l;
}
__attribute__((weak, noinline)) void __tsan_ignore_thread_begin(void)
{
}
__attribute__((weak, noinline)) void __tsan_ignore_thread_end(void)
{
}

long last_seen;

static void *first(void *arg)
{
    AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
    last_seen = (long)arg; // RACE (ignored write: suppressed)
    AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
    return 0;
}

static void *second(void *arg)
{
    __tsan_ignore_thread_begin();
    last_seen = (long)arg; // RACE (ignored write: suppressed)
    __tsan_ignore_thread_end();
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, first, (void *)1);
    pthread_create(&b, 0, second, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
