/* main holds locks[0] from creating the worker until joining it, but waits on a condition variable with locks[zero] (an index read at run time, 0): the wait releases locks[0], so the signaller's locked write races with the worker's unlocked one. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
volatile int zero;
int counter, ready;

void *signaller(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // RACE
    ready = 1; // NORACE
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

void *worker(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    int i = zero;

    pthread_mutex_lock(&locks[0]);
    pthread_create(&b, NULL, worker, NULL);
    pthread_create(&a, NULL, signaller, NULL);
    while (!ready) // NORACE
        pthread_cond_wait(&c, &locks[i]);
    pthread_join(b, NULL);
    pthread_mutex_unlock(&locks[0]);
    pthread_join(a, NULL);
    return 0;
}
