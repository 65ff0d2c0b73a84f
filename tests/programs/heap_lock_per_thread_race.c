/* Each worker allocates its own mutex on the heap and locks it around the shared counter: two different mutexes protect nothing, so the increments race. */
#include <pthread.h>
#include <stdlib.h>

int counter;

static pthread_mutex_t *new_lock(void)
{
    pthread_mutex_t *m = malloc(sizeof *m);
    if (m)
        pthread_mutex_init(m, NULL);
    return m;
}

void *worker(void *arg)
{
    pthread_mutex_t *m = new_lock();
    (void)arg;
    if (!m)
        return NULL;
    pthread_mutex_lock(m);
    counter++; // RACE
    pthread_mutex_unlock(m);
    free(m);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
