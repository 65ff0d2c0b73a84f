/* Code annotated for Helgrind: the monitor reads 'progress' between ANNOTATE_IGNORE_READS_BEGIN and ANNOTATE_IGNORE_READS_END (requests Helgrind itself does not implement, which pass their name) while the worker writes it without a lock.  The race is found and reported as suppressed by the ignore annotation. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int progress;

static void *worker(void *arg)
{
    (void)arg;
    progress = 50; // RACE (with an ignored read: suppressed)
    return 0;
}

static void *monitor(void *arg)
{
    (void)arg;
    ANNOTATE_IGNORE_READS_BEGIN();
    int p = progress; // RACE (ignored read: suppressed)
    ANNOTATE_IGNORE_READS_END();
    return (void *)(long)p;
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
