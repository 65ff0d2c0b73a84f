/* Two threads each do 5000 locked updates of a shared accumulator plus unlocked work on their own half of an array: no race. */
#include <pthread.h>
#include <stdio.h>

#define ITERS 5000

long accumulator;
long halves[2][ITERS];
pthread_mutex_t acc_lock = PTHREAD_MUTEX_INITIALIZER;

void *accumulate(void *arg)
{
    int id = *(int *)arg; // NORACE
    for (long i = 0; i < ITERS; i++) {
        halves[id][i] = i * (id + 1); // NORACE
        pthread_mutex_lock(&acc_lock);
        accumulator += halves[id][i]; // NORACE
        pthread_mutex_unlock(&acc_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int id0 = 0; // NORACE
    int id1 = 1; // NORACE

    pthread_create(&t1, NULL, accumulate, &id0);
    pthread_create(&t2, NULL, accumulate, &id1);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("accumulator = %ld\n", accumulator); // NORACE
    return 0;
}
