/* A spinlock made of __sync_lock_test_and_set (an acquire barrier) and __sync_lock_release (a release barrier) protects the counter both workers update: no race. */
#include <pthread.h>

volatile int spin;
int counter;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        while (__sync_lock_test_and_set(&spin, 1))
            ;
        counter++; // NORACE
        __sync_lock_release(&spin);
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
    return counter != 6; // NORACE
}
