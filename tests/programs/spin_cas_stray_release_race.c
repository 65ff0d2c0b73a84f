/* Main writes 0 to the compare-and-swap spin lock's word while the workers may hold it: a second worker then enters while the first is inside, and their updates of the total race. */
#include <pthread.h>

static int owner;
static int total;

static void take(void)
{
    int expected;
    do {
        expected = 0;
    } while (!__atomic_compare_exchange_n(&owner, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
}

static void *worker(void *arg)
{
    int n = (int)(long)arg;
    for (int i = 0; i < 200; i++) {
        take();
        total += n; // RACE
        __atomic_store_n(&owner, 0, __ATOMIC_RELEASE);
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1L);
    pthread_create(&b, 0, worker, (void *)2L);
    __atomic_store_n(&owner, 0, __ATOMIC_RELEASE);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return total < 0; // NORACE
}
