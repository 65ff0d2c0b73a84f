/* Main holds the lock from creating the worker until joining it, but waits on a condition variable in between, which releases the lock: the signalling thread's locked increment can then meet the worker's unlocked one. */
#include <pthread.h>

static int counter, ready;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *signaller(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // RACE
    ready = 1; // NORACE
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

static void *worker(void *arg)
{
    (void)arg;
    counter++; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_mutex_lock(&m);
    pthread_create(&b, 0, worker, 0);
    pthread_create(&a, 0, signaller, 0);
    while (!ready) // NORACE
        pthread_cond_wait(&c, &m);
    pthread_join(b, 0);
    pthread_mutex_unlock(&m);
    pthread_join(a, 0);
    return 0;
}
