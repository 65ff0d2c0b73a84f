/* The spin lock's test-and-set is a relaxed exchange: it still excludes, but orders nothing, so the counter updates of the two workers race (C11 5.1.2.4). */
#include <pthread.h>

static int lock_word;
static long counter;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 4; i++) {
        while (__atomic_exchange_n(&lock_word, 1, __ATOMIC_RELAXED))
            ;
        counter++; // RACE
        __sync_lock_release(&lock_word);
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter < 0; // NORACE
}
