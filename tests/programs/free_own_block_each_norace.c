/* main fills a table with one block per worker (one allocation site) and each worker frees the block of its own slot: two frees of one abstract object, but never of one block (that would be a double free), so no race */
#include <pthread.h>
#include <stdlib.h>

static int *table[2];

static void *worker(void *arg)
{
    free(table[(long)arg]); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        table[i] = malloc(sizeof *table[i]); // NORACE
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return 0;
}
