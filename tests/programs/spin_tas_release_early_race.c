/* The test-and-set spin lock is released before the counter update instead of after it: the two workers update the counter unprotected, a race. */
#include <pthread.h>

static int lock_word;
static long counter;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 4; i++) {
        while (__sync_lock_test_and_set(&lock_word, 1))
            ;
        __sync_lock_release(&lock_word);
        counter++; // RACE
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
