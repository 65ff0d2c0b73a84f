/* Producer sets the ready flag and signals before writing the payload, outside the mutex; the woken consumer reads the payload: race on the payload. */
#include <pthread.h>
#include <stdio.h>

int payload;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *producer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    payload = 42; // RACE
    return NULL;
}

void *consumer(void *arg)
{
    int *out = arg;
    pthread_mutex_lock(&m);
    while (!ready) // NORACE
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    *out = payload; // RACE
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    int got = 0; // NORACE

    pthread_create(&c, NULL, consumer, &got);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    printf("got %d\n", got); // NORACE
    return 0;
}
