/* The worker sets the tracing flag itself, so main's note() may find it set while the worker still runs and count alongside it; the flag is written while main reads it: race. */
#include <pthread.h>
#include <stdio.h>

static int tracing;
static int events;

static void *worker(void *arg)
{
    (void)arg;
    tracing = 1; // RACE
    events++; // RACE
    return NULL;
}

static void note(void)
{
    if (tracing) // RACE
        events++; // RACE
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, worker, NULL);
    note();
    pthread_join(t, NULL);
    printf("%d\n", events); // NORACE
    return 0;
}
