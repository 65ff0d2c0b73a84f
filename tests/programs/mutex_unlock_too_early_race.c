/* The read of the counter is under the mutex but the write-back happens after unlock: the unprotected write races with the other thread's read and write. */
#include <pthread.h>
#include <stdio.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    int tmp;
    (void)arg;
    pthread_mutex_lock(&m);
    tmp = counter; // RACE
    pthread_mutex_unlock(&m);
    counter = tmp + 1; // RACE
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
