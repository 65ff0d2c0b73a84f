/* main takes a default mutex twice: the second lock blocks for good, so the
 * worker is never created and main never reaches its write.  No execution
 * has two threads: race-free.  A must-race walk that took the second lock
 * as one more held lock would claim a race between the two writes. */
#include <pthread.h>

int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    shared = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m); /* deadlock: m is a default mutex */
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(&m);
    shared = 2; // NORACE
    pthread_join(t, NULL);
    return 0;
}
