/* A program annotated for Helgrind (a client request in main after the joins) whose two workers also bump a hit counter without a lock: that race happens before any annotation runs, so it is a race whatever the annotation means. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int hits;
int summary;

static void *worker(void *arg)
{
    (void)arg;
    hits++; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    ANNOTATE_HAPPENS_AFTER(&summary);
    summary = hits; // NORACE
    return 0;
}
