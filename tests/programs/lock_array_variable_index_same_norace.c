/* main locks locks[i] with i read at run time (always 0) and the worker locks locks[0]: both hold the same mutex around the counter, so there is no race, though main's lock is not known statically. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
volatile int zero;
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(void)
{
    pthread_t t;
    int i = zero;

    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&locks[i]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[i]);
    pthread_join(t, NULL);
    return 0;
}
