/* Racy twin of create_ok_flag_unique_norace: main joins only when the
 * flag says the create failed, so the worker's write races with main's
 * write and read. */
#include <pthread.h>
#include <stdio.h>

static int progress;

static void *stepper(void *arg)
{
    (void)arg;
    progress = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int ok = 0;
    if (pthread_create(&t, NULL, stepper, NULL) == 0)
        ok = 1;
    printf("started: %d\n", ok);
    if (!ok)
        pthread_join(t, NULL);
    progress = 2; // RACE
    printf("%d\n", progress); // RACE
    return 0;
}
