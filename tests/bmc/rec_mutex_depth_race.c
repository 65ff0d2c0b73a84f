/* A recursive mutex taken twice by main and once by a worker: main's
 * write between its two unlocks still holds the mutex, the one after the
 * second unlock does not, so only that one races with the worker's. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int tally;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    tally = tally + 1; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    tally = tally + 10; // NORACE
    pthread_mutex_unlock(&m);
    tally = tally + 100; // NORACE
    pthread_mutex_unlock(&m);
    tally = tally + 1000; // RACE
    pthread_join(t, NULL);
    return tally == 0;
}
