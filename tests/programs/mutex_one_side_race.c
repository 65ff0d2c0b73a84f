/* One thread writes under a mutex, the other writes the same global without taking it: a lock held on only one side does not prevent the race. */
#include <pthread.h>
#include <stdio.h>

int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *careful(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    shared = shared * 2; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

void *careless(void *arg)
{
    (void)arg;
    shared = 7; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    shared = 1; // NORACE
    pthread_create(&t1, NULL, careful, NULL);
    pthread_create(&t2, NULL, careless, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("shared = %d\n", shared); // NORACE
    return 0;
}
