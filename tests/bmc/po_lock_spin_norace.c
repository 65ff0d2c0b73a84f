/* Two workers each wait (a bounded number of tries) for a mutex-protected ready flag that main sets, then add to a mutex-protected total twice: every access to total and ready holds the lock, so no race, while a proof must cover the workers' spins interleaved in every way. */
#include <pthread.h>

#define TRIES 2

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ready;
int total;

void *worker(void *arg)
{
    (void)arg;
    int ok = 0;
    for (int k = 0; k < TRIES && !ok; k++) {
        pthread_mutex_lock(&m);
        ok = ready; // NORACE
        pthread_mutex_unlock(&m);
    }
    for (int i = 0; ok && i < 2; i++) {
        pthread_mutex_lock(&m);
        total = total + 1; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return total == 100;
}
