/* Two threads increment a plain global int with no synchronisation: the unordered read-modify-writes race. */
#include <pthread.h>
#include <stdio.h>

int counter;

void *worker(void *arg)
{
    (void)arg;
    counter++; // RACE
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
