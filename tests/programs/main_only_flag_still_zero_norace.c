/* Only main ever sets the tracing flag, and only after it joins the worker: the first note() runs while the flag still holds its initial zero, so its counting branch is not taken while the worker counts: race-free. */
#include <pthread.h>
#include <stdio.h>

static int tracing;
static int events;

static void *worker(void *arg)
{
    (void)arg;
    events++; // NORACE
    return NULL;
}

static void note(void)
{
    if (tracing) // NORACE
        events++; // NORACE
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, worker, NULL);
    note();
    pthread_join(t, NULL);
    tracing = 1; // NORACE
    note();
    printf("%d\n", events); // NORACE
    return 0;
}
