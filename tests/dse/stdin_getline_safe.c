/* a "start" line read with getline starts the workers; each worker takes one side of its
 * branch by its argument and both update the tally under a mutex */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long tally;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    pthread_mutex_lock(&lock);
    if ((long)arg & 1)
        tally += 1; // NORACE
    else
        tally += 2; // NORACE
    pthread_mutex_unlock(&lock);
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
