/* one worker frees the shared block while the other still reads it, with no synchronisation between them: a free races with a plain access (only two frees never race) */
#include <pthread.h>
#include <stdlib.h>

static int *shared;

static void *reader(void *arg)
{
    (void)arg;
    return (void *)(long)shared[0]; // RACE
}

static void *releaser(void *arg)
{
    (void)arg;
    free(shared); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    shared = calloc(4, sizeof *shared);
    if (!shared)
        return 0;
    pthread_create(&a, NULL, reader, NULL);
    pthread_create(&b, NULL, releaser, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
