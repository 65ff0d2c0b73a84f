/* Code annotated for Helgrind: ANNOTATE_BENIGN_RACE_SIZED (VALGRIND_HG_DISABLE_CHECKING) declares the racy 'stats' counter benign; the unannotated 'hits' counter next to it races too.  Both races are found: the one on 'stats' is reported as suppressed by the annotation, the one on 'hits' is reported. */
#include <pthread.h>
#include <valgrind/helgrind.h>

long stats;
long hits;

static void *worker(void *arg)
{
    (void)arg;
    stats++; // RACE (benign: suppressed)
    hits++; // RACE
    return 0;
}

int main(void)
{
    ANNOTATE_BENIGN_RACE_SIZED(&stats, sizeof stats, "approximate statistics");
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
