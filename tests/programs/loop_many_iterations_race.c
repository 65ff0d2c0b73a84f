/* Two threads each add 10000 values to a shared accumulator in a loop without synchronisation: race. */
#include <pthread.h>
#include <stdio.h>

#define ITERS 10000

long accumulator;

void *accumulate(void *arg)
{
    long step = *(long *)arg; // NORACE
    for (long i = 0; i < ITERS; i++)
        accumulator += step; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    long one = 1; // NORACE
    long two = 2; // NORACE

    pthread_create(&t1, NULL, accumulate, &one);
    pthread_create(&t2, NULL, accumulate, &two);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("accumulator = %ld\n", accumulator); // NORACE
    return 0;
}
