/* The shared counter is read twice on one line with nothing between (the second read repeats the first in its epoch and is not hooked); the writer's store races with that line. */
#include <pthread.h>
#include <stdio.h>

int shared;

void *writer(void *arg)
{
    (void)arg;
    shared = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int twice = shared + shared; // RACE
    pthread_join(t, NULL);
    printf("%d\n", twice);
    return 0;
}
