/* main overwrites the first thread's handle with the second's before joining through it: the join waits for the second thread only, so main's write after it races with the first thread's. */
#include <pthread.h>

int shared;

void *first(void *arg)
{
    (void)arg;
    shared = 1; // RACE
    return NULL;
}

void *second(void *arg)
{
    (void)arg;
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, first, NULL);
    pthread_create(&b, NULL, second, NULL);
    a = b;
    pthread_join(a, NULL);
    shared = 2; // RACE
    return 0;
}
