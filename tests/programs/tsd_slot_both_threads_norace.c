/* main and a worker both set the same pthread key, each to its own counter, and write through pthread_getspecific's pointer: the key's slot is per thread, so each writes only its own counter. */
#include <pthread.h>

pthread_key_t key;
int main_count, worker_count;

static void *worker(void *arg)
{
    (void)arg;
    pthread_setspecific(key, &worker_count);
    int *p = pthread_getspecific(key);
    *p = 2; // NORACE
    return 0;
}

int main(void)
{
    pthread_key_create(&key, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_setspecific(key, &main_count);
    int *p = pthread_getspecific(key);
    *p = 1; // NORACE
    pthread_join(t, 0);
    return main_count + worker_count != 3; // NORACE
}
