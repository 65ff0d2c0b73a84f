/* a plain stop flag: main's write races with the worker's reads */
#include <pthread.h>
#include <stdio.h>

static int stop;

static void *worker(void *arg)
{
    (void)arg;
    long spins = 0;
    while (!stop && spins < 100000) // RACE
        spins++;
    printf("%ld\n", spins);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    stop = 1; // RACE
    pthread_join(t, NULL);
    return 0;
}
