/* Loops bounded by globals that nothing writes: `nworkers` and `rounds`
 * are only ever read, so every load gives the initializer and the loops
 * over them have a known trip count.  main creates the workers in such a
 * loop; each worker publishes into its own slot with no lock, and a
 * collector thread scans the slots in such a loop: it races with the
 * workers' stores.  The reads of the bounds themselves never race. */
#include <pthread.h>
#include <stdlib.h>

int nworkers = 3;
int rounds = 2;
long *slots;

void *worker(void *arg)
{
    long id = (long)arg;
    for (int r = 0; r < rounds; r++) // NORACE
        slots[id] = id + r + 1; // RACE
    return NULL;
}

void *collector(void *arg)
{
    long *sum = arg;
    for (int i = 0; i < nworkers; i++) // NORACE
        if (slots[i]) // RACE
            *sum += slots[i]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t c, w[8];
    long sum = 0;
    slots = calloc((size_t)nworkers, sizeof *slots); // NORACE
    pthread_create(&c, NULL, collector, &sum);
    for (long i = 0; i < nworkers; i++) // NORACE
        pthread_create(&w[i], NULL, worker, (void *)i);
    pthread_join(c, NULL);
    for (int i = 0; i < nworkers; i++)
        pthread_join(w[i], NULL);
    return (int)sum; // NORACE
}
