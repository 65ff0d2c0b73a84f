/* Workers created in a loop whose count sizes the barrier (a counter computed by a loop before the creates): each writes its own slot before the barrier and reads the next one's after it, and main reads all after the joins: race-free. */
#include <pthread.h>
#include <stdio.h>

#define MAXT 8
static int cell[MAXT];
static int sum[MAXT];
static int created;
static pthread_barrier_t bar;

static void *phase_worker(void *arg)
{
    int me = (int)(long)arg;
    cell[me] = me + 1; // NORACE
    pthread_barrier_wait(&bar);
    sum[me] = cell[(me + 1) % created] + cell[me]; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[MAXT];
    int n = 0;
    while (n < 4 && n < MAXT)
        n++;
    created = n; // NORACE
    pthread_barrier_init(&bar, NULL, (unsigned)n);
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, phase_worker, (void *)(long)i);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", sum[0]); // NORACE
    pthread_barrier_destroy(&bar);
    return 0;
}
