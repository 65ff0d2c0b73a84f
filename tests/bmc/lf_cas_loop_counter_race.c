/* A counter bumped by a bounded compare-and-swap retry loop, and a statistic updated with a plain increment after it by both threads (racy). */
#include <pthread.h>
#include <stddef.h>

static int counter;
static int bumps;

static void *worker(void *arg)
{
    (void)arg;
    for (int tries = 0; tries < 3; tries++) {
        int old = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
        if (__atomic_compare_exchange_n(&counter, &old, old + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            break;
    }
    bumps++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return bumps > 2; // NORACE
}
