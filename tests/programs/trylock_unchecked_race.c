/* One thread ignores the result of pthread_mutex_trylock and writes anyway; when the other thread holds the lock the trylock fails and the writes race. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define SPIN 1000000

int counter;
atomic_int holding;
atomic_int tried;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *holder(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    atomic_store_explicit(&holding, 1, memory_order_relaxed); // NORACE
    /* bounded wait, a timing hint only (relaxed: no ordering), so the other trylock meets a held lock */
    for (int spin = 0; spin < SPIN; spin++)
        if (atomic_load_explicit(&tried, memory_order_relaxed)) // NORACE
            break;
    counter++; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

void *hasty(void *arg)
{
    (void)arg;
    for (int spin = 0; spin < SPIN; spin++)
        if (atomic_load_explicit(&holding, memory_order_relaxed)) // NORACE
            break;
    int rc = pthread_mutex_trylock(&m);
    atomic_store_explicit(&tried, 1, memory_order_relaxed); // NORACE
    counter = -1; // RACE
    if (rc == 0)
        pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, holder, NULL);
    pthread_create(&t2, NULL, hasty, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
