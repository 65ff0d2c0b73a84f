/* time(NULL) writes nowhere and only returns the time: a worker stamps a
 * record with it under the record's mutex, main reads the record under the
 * same mutex, so there is no race whatever time it returns. */
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long stamp;
int updates;

void *worker(void *arg)
{
    (void)arg;
    time_t now = time(NULL);
    pthread_mutex_lock(&m);
    if (now > stamp)
        stamp = now; // NORACE
    updates = updates + 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    int seen = updates; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return seen;
}
