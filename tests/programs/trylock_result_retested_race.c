/* The worker keeps its trylock's result and tests it twice: the first test unlocks right away, so the second test's branch runs without the lock and its write races with main's locked write. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker(void *arg)
{
    (void)arg;
    int r = pthread_mutex_trylock(&m);
    if (r == 0)
        pthread_mutex_unlock(&m);
    if (r == 0)
        counter++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
