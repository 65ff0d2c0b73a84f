/* A spin lock taken by __sync_val_compare_and_swap until the old value it returns is 0 (a full barrier) and released by __sync_lock_release guards the pair of totals both workers update: no race. */
#include <pthread.h>

static int guard;
static long sum, last;

static void *worker(void *arg)
{
    long v = (long)arg;
    while (__sync_val_compare_and_swap(&guard, 0, 1) != 0)
        ;
    sum += v; // NORACE
    last = v; // NORACE
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
