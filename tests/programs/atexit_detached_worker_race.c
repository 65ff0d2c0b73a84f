/* The exit handler prints the progress counter while a detached worker
 * may still be updating it: main returns without waiting, so the handler
 * runs beside the worker. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long progress;

static void report(void)
{
    printf("progress %ld\n", progress); // RACE
}

void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        progress++; // RACE
        usleep(10);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    atexit(report);
    pthread_create(&t, NULL, worker, NULL);
    pthread_detach(t);
    usleep(1000);
    return 0;
}
