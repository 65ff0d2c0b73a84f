/* A counter bumped by a bounded compare-and-swap retry loop in two threads; the only plain access is main's read after the joins (race-free). */
#include <pthread.h>
#include <stddef.h>

static int counter;

static void *worker(void *arg)
{
    (void)arg;
    for (int tries = 0; tries < 2; tries++) {
        int old = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
        if (__atomic_compare_exchange_n(&counter, &old, old + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            break;
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return counter > 2; // NORACE
}
