/* Threads started through a wrapper around pthread_create; main joins only the first before writing the counter, so the second may still be running: race. */
#include <pthread.h>
#include <stdio.h>

static int spawn(pthread_t *t, void *(*fn)(void *), void *arg)
{
    return pthread_create(t, NULL, fn, arg);
}

int counter;
pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&counter_lock);
    counter++; // RACE
    pthread_mutex_unlock(&counter_lock);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    spawn(&a, worker, NULL);
    spawn(&b, worker, NULL);
    pthread_join(a, NULL);
    counter = 0; // RACE
    pthread_join(b, NULL);
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
