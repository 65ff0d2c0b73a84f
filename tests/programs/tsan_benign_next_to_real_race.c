/* Code annotated for ThreadSanitizer: 'hits' is declared benign with AnnotateBenignRace (one byte, which TSan matches against any race touching it), 'total' right next to it is not.  Both races are found; only the one on 'hits' is suppressed, the one on 'total' is reported. */
#include <pthread.h>

__attribute__((weak, noinline)) void AnnotateBenignRace(const char *f, int l, const volatile void *mem,
                                                       const char *desc)
{
    (void)f, (void)l, (void)mem, (void)desc;
}

struct counters {
    int hits;
    int total;
} c;

static void *worker(void *arg)
{
    (void)arg;
    c.hits++; // RACE (benign: suppressed)
    c.total += 2; // RACE
    return 0;
}

int main(void)
{
    AnnotateBenignRace(__FILE__, __LINE__, &c.hits, "hit counter");
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
