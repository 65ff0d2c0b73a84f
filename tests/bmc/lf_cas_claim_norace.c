/* A claim flag taken by compare-and-swap: exactly one thread wins and writes the slot; main reads it after the joins (race-free). */
#include <pthread.h>
#include <stddef.h>

static int claimed;
static int slot;

static void *worker(void *arg)
{
    int expected = 0;
    if (__atomic_compare_exchange_n(&claimed, &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        slot = (int)(size_t)arg; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return slot == 0; // NORACE
}
