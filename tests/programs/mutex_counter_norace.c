/* Two threads increment a global int, each increment inside the same mutex: every pair of accesses is ordered, no race. */
#include <pthread.h>
#include <stdio.h>

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
    pthread_t t1, t2;

    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
