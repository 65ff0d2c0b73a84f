/* Eight threads created in a loop each increment one global counter without synchronisation: race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 8

int hits;

void *hit(void *arg)
{
    (void)arg;
    hits++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, hit, NULL);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("hits = %d\n", hits); // NORACE
    return 0;
}
