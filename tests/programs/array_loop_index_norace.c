/* Threads created in a loop receive the loop index by value (cast to a pointer) and write only their own element: no race. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NTHREADS 5

long squares[NTHREADS];

void *square(void *arg)
{
    long i = (long)(intptr_t)arg;
    squares[i] = i * i; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    long total = 0;

    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, square, (void *)(intptr_t)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NTHREADS; i++)
        total += squares[i]; // NORACE
    printf("total = %ld\n", total);
    return 0;
}
