/* Each thread gets its id as argument and writes only slots[id]: elements are distinct memory, no race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4

int slots[NTHREADS];

void *fill(void *arg)
{
    int id = *(int *)arg; // NORACE
    for (int k = 0; k < 10; k++)
        slots[id] += id + k; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS] = {0, 1, 2, 3}; // NORACE
    int sum = 0;

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, fill, &ids[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NTHREADS; i++)
        sum += slots[i]; // NORACE
    printf("sum = %d\n", sum);
    return 0;
}
