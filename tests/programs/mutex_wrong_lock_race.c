/* Each thread protects the shared counter with a different mutex, so the locks exclude nothing: race on the counter. */
#include <pthread.h>
#include <stdio.h>

int counter;
pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

void *inc_a(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock_a);
    counter += 1; // RACE
    pthread_mutex_unlock(&lock_a);
    return NULL;
}

void *inc_b(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock_b);
    counter += 2; // RACE
    pthread_mutex_unlock(&lock_b);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, inc_a, NULL);
    pthread_create(&t2, NULL, inc_b, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
