/* A pool of twelve workers, of which any two that pick up a job race on
 * the counter the job updates; the first bmc attempt runs only the first
 * few workers (the rest are created but never scheduled) and finds it on
 * a small formula.  The queue itself is locked. */
#include <pthread.h>

#define WORKERS 12

pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
int jobs; /* jobs queued, under qlock */
int done; /* updated by every job without the lock */

static void *worker(void *arg)
{
    (void)arg;
    int mine = 0;
    pthread_mutex_lock(&qlock);
    if (jobs > 0) { // NORACE
        jobs--; // NORACE
        mine = 1;
    }
    pthread_mutex_unlock(&qlock);
    if (mine)
        done++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    pthread_mutex_lock(&qlock);
    jobs = 3; // NORACE
    pthread_mutex_unlock(&qlock);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    return done; // NORACE
}
