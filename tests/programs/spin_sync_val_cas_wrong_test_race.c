/* The spin loop's test of the compare-and-swap's old value is inverted: it leaves as soon as the word is non-zero, also when the other worker holds it, so the workers update the totals unprotected, a race. */
#include <pthread.h>

static int guard;
static long sum, last;

static void *worker(void *arg)
{
    long v = (long)arg;
    while (__sync_val_compare_and_swap(&guard, 0, 1) == 0)
        ;
    sum += v; // RACE
    last = v; // RACE
    __sync_lock_release(&guard);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1L);
    pthread_create(&b, 0, worker, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return sum < last; // NORACE
}
