/* Each worker locks a mutex that is a local variable of its own start routine: every instance has its own mutex, so the locked increments of the shared counter race. */
#include <pthread.h>

int counter;

void *worker(void *arg)
{
    pthread_mutex_t m;
    (void)arg;
    pthread_mutex_init(&m, NULL);
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    pthread_mutex_destroy(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[2];

    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return 0;
}
