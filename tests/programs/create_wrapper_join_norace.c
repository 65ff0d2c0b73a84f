/* Threads started through a wrapper around pthread_create (two levels deep), each joined through its own handle before main touches the counter: race-free. */
#include <pthread.h>
#include <stdio.h>

static int spawn(pthread_t *t, void *(*fn)(void *), void *arg)
{
    return pthread_create(t, NULL, fn, arg);
}

static int spawn_worker(pthread_t *t, void *(*fn)(void *), void *arg)
{
    return spawn(t, fn, arg);
}

int counter;
pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&counter_lock);
    counter++; // NORACE
    pthread_mutex_unlock(&counter_lock);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    spawn_worker(&a, worker, NULL);
    spawn(&b, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    counter = 0; // NORACE
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
