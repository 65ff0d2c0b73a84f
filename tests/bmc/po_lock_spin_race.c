/* Two workers each wait (a bounded number of tries) for a mutex-protected ready flag that main sets, then add to total twice, the second time without the lock: the two workers' last updates race. */
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
    for (int i = 0; ok && i < 1; i++) {
        pthread_mutex_lock(&m);
        total = total + 1; // RACE
        pthread_mutex_unlock(&m);
    }
    if (ok)
        total = total + 1; // RACE
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
