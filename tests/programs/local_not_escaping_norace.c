/* Both threads run the same function, whose local array and counter never escape the thread (each thread has its own stack frame); only the final publish is shared and it is locked: no race. */
#include <pthread.h>
#include <stdio.h>

#define LEN 32

long best;
pthread_mutex_t best_lock = PTHREAD_MUTEX_INITIALIZER;

void *crunch(void *arg)
{
    long seed = *(long *)arg; // NORACE
    long local[LEN];
    long max = 0;

    for (int i = 0; i < LEN; i++)
        local[i] = (seed * (i + 1)) % 97;
    for (int i = 0; i < LEN; i++)
        if (local[i] > max)
            max = local[i];
    pthread_mutex_lock(&best_lock);
    if (max > best) // NORACE
        best = max; // NORACE
    pthread_mutex_unlock(&best_lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    long s1 = 13; // NORACE
    long s2 = 29; // NORACE

    pthread_create(&t1, NULL, crunch, &s1);
    pthread_create(&t2, NULL, crunch, &s2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("best = %ld\n", best); // NORACE
    return 0;
}
