/* A global pointer slot first names a counter a thread updates, then the heap block the thread reads, which main frees while the thread runs: a race on the block. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int hits;
static char *slot;

static void *worker(void *arg)
{
    char *b = arg;
    for (int i = 0; i < 100; i++) {
        int v = b[0]; // RACE
        hits += v; // NORACE
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    char *mine = malloc(16), *theirs = malloc(16);
    if (!mine || !theirs)
        return 0;
    theirs[0] = 1; // NORACE
    mine[0] = 2; // NORACE
    slot = (char *)&hits; // NORACE
    printf("%p\n", (void *)slot); // NORACE
    if (pthread_create(&t, NULL, worker, theirs) != 0)
        return 0;
    slot = theirs; // NORACE
    free(slot); // RACE
    pthread_join(t, NULL);
    printf("%d\n", hits); // NORACE
    return 0;
}
