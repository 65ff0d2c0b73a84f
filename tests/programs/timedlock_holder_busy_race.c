/* pthread_mutex_timedlock with a deadline already past meets the lock while its holder still works under it: it times out at once, and the hasty thread's reset without the lock races with the holder's locked update. */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define SPIN 1000000

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
atomic_int holding, gave_up;
int counter;

static void *holder(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    atomic_store_explicit(&holding, 1, memory_order_relaxed); // NORACE
    /* bounded wait, a timing hint only (relaxed: no ordering), so the timed lock meets a held lock */
    for (int spin = 0; spin < SPIN; spin++)
        if (atomic_load_explicit(&gave_up, memory_order_relaxed)) // NORACE
            break;
    counter++; // RACE
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, holder, 0);
    for (int spin = 0; spin < SPIN; spin++)
        if (atomic_load_explicit(&holding, memory_order_relaxed)) // NORACE
            break;
    struct timespec past = {0, 0};
    if (pthread_mutex_timedlock(&lock, &past) == 0) {
        counter += 10; // NORACE
        pthread_mutex_unlock(&lock);
    } else {
        counter = 0; // RACE
    }
    atomic_store_explicit(&gave_up, 1, memory_order_relaxed); // NORACE
    pthread_join(t, 0);
    return 0;
}
