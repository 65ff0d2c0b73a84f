/* Each thread stores the same global's address as its thread-specific value: the key is per thread, the pointee is shared, so the writes through pthread_getspecific's pointer race. */
#include <pthread.h>

pthread_key_t key;
int shared_stat;

static void *worker(void *arg)
{
    (void)arg;
    pthread_setspecific(key, &shared_stat);
    int *p = pthread_getspecific(key);
    *p += 1; // RACE
    return 0;
}

int main(void)
{
    pthread_key_create(&key, 0);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
