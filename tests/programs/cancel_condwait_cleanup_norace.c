/* A worker waits on a condition variable with a cleanup handler that unlocks the mutex: cancelled in the wait, it takes the mutex back, the handler unlocks it, and main, after joining, updates the shared counter under the mutex. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready, served;

static void unlock_it(void *mx)
{
    pthread_mutex_unlock(mx);
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_cleanup_push(unlock_it, &m);
    while (!ready) // NORACE
        pthread_cond_wait(&cv, &m);
    served++; // NORACE
    pthread_cleanup_pop(1);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    pthread_join(t, 0);
    pthread_mutex_lock(&m);
    served = 0; // NORACE
    ready = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}
