/* a "start" line read with getline starts the workers; each worker takes one side of its
 * branch by its argument and both update the tally unlocked, which races */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long tally;

static void *work(void *arg)
{
    if ((long)arg & 1)
        tally += 1; // RACE
    else
        tally += 2; // RACE
    return NULL;
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    int go = getline(&line, &cap, stdin) > 0 && strncmp(line, "start", 5) == 0;
    free(line);
    if (!go)
        return 1;
    pthread_t a, b;
    pthread_create(&a, NULL, work, (void *)1L);
    pthread_create(&b, NULL, work, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
