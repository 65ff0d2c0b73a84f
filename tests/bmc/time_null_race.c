/* time(NULL) writes nowhere and only returns the time: a worker stamps a
 * record with it without the mutex main reads the record under, so the
 * stamp races with main's read whatever time it returns. */
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long stamp;

void *worker(void *arg)
{
    (void)arg;
    stamp = time(NULL); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    long seen = stamp; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return seen == 0;
}
