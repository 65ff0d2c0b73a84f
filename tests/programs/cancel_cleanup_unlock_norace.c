/* A worker holds the mutex across a cancellation point, with a cleanup handler (pthread_cleanup_push) that unlocks it if the worker is cancelled there; main cancels and joins it, then updates the log under the mutex: every update is under the lock. */
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int log_len;

static void unlock_on_cancel(void *m)
{
    pthread_mutex_unlock(m);
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    pthread_cleanup_push(unlock_on_cancel, &lock);
    for (int i = 0; i < 100; i++) {
        log_len++; // NORACE
        pthread_testcancel();
    }
    pthread_cleanup_pop(1);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    pthread_join(t, 0);
    pthread_mutex_lock(&lock);
    log_len = 0; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}
