/* main creates one worker and records in a flag whether pthread_create
 * succeeded, prints, and joins only when the flag is set: where the flag
 * is 0 the create failed and no worker exists, where it is 1 the worker is
 * joined, so main's write after the test runs alone. */
#include <pthread.h>
#include <stdio.h>

static int progress;

static void *stepper(void *arg)
{
    (void)arg;
    progress = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int ok = 0;
    if (pthread_create(&t, NULL, stepper, NULL) == 0)
        ok = 1;
    printf("started: %d\n", ok);
    if (ok)
        pthread_join(t, NULL);
    progress = 2; // NORACE
    printf("%d\n", progress); // NORACE
    return 0;
}
