/* The mutex is thread-local: each thread locks its own copy, so the locked increments of the shared counter race. */
#include <pthread.h>

static _Thread_local pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
