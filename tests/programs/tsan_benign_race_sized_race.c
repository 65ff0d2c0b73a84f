/* Code annotated for ThreadSanitizer: a statistics counter both workers bump without a lock is declared benign with AnnotateBenignRaceSized.  The race is real, so the verdict is race, but every engine that finds it reports it as suppressed by the annotation (exit code 0). */
#include <pthread.h>

/* the no-op definition dynamic_annotations.c provides outside ThreadSanitizer */
__attribute__((weak, noinline)) void AnnotateBenignRaceSized(const char *f, int l, const volatile void *mem,
                                                            unsigned long size, const char *desc)
{
    (void)f, (void)l, (void)mem, (void)size, (void)desc;
}

long stats;

static void *worker(void *arg)
{
    (void)arg;
    stats++; // RACE (benign: suppressed)
    return 0;
}

int main(void)
{
    AnnotateBenignRaceSized(__FILE__, __LINE__, &stats, sizeof stats, "approximate statistics");
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
