/* Main takes part in the barrier with its two workers (count 3): the workers fill their slots before the barrier and main sums them after its own wait: race-free. */
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 2

static int slot[NWORKERS];
static pthread_barrier_t done;

static void *worker(void *arg)
{
    int id = *(int *)arg; // NORACE
    slot[id] = id + 5; // NORACE
    pthread_barrier_wait(&done);
    return NULL;
}

int main(void)
{
    pthread_t t[NWORKERS];
    int ids[NWORKERS] = {0, 1}; // NORACE
    pthread_barrier_init(&done, NULL, NWORKERS + 1);
    for (int i = 0; i < NWORKERS; i++)
        pthread_create(&t[i], NULL, worker, &ids[i]);
    pthread_barrier_wait(&done);
    int sum = slot[0]; // NORACE
    sum += slot[1]; // NORACE
    printf("%d\n", sum);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(t[i], NULL);
    return 0;
}
