/* Code annotated for ThreadSanitizer: the monitor thread reads 'progress' inside AnnotateIgnoreReadsBegin/End while the worker writes it without a lock.  The race is real and found, and reported as suppressed by the ignore annotation; the unannotated read of 'errors' after the region is reported. */
#include <pthread.h>

__attribute__((weak, noinline)) void AnnotateIgnoreReadsBegin(const char *f, int l)
{
    (void)f, (void)l;
}
__attribute__((weak, noinline)) void AnnotateIgnoreReadsEnd(const char *f, int l)
{
    (void)f, (void)l;
}

int progress;
int errors;

static void *worker(void *arg)
{
    (void)arg;
    progress = 50; // RACE (with an ignored read: suppressed)
    errors = 1; // RACE
    return 0;
}

static void *monitor(void *arg)
{
    (void)arg;
    AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
    int p = progress; // RACE (ignored read: suppressed)
    AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
    int e = errors; // RACE
    return (void *)(long)(p + e);
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, monitor, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
