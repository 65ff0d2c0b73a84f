/* Each worker squares its own slot of a results array, indexed by the id
 * it was created with; main joins the workers in order and adds up each
 * worker's slot right after joining that worker: the slot's writer has
 * ended, and every worker still running writes another slot. */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 4

static long results[WORKERS];

static void *square(void *arg)
{
    long id = (long)arg;
    results[id] = id * id; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t th[WORKERS];
    long total = 0;
    for (long i = 0; i < WORKERS; i++)
        pthread_create(&th[i], NULL, square, (void *)i);
    for (long i = 0; i < WORKERS; i++) {
        pthread_join(th[i], NULL);
        total += results[i]; // NORACE
    }
    printf("%ld\n", total);
    return 0;
}
