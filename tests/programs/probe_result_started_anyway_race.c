/* A probe that starts its worker before checking its arguments and then reports the usage error (-1) without stopping it: main joins only on 0, so in a normal run (no arguments) its reset races with the worker. */
#include <pthread.h>
#include <stdio.h>

pthread_t w;
int events;

void *worker(void *arg)
{
    (void)arg;
    events++; // RACE
    return NULL;
}

int probe(int argc)
{
    pthread_create(&w, NULL, worker, NULL);
    if (argc < 2)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    (void)argv;
    if (probe(argc) == 0)
        pthread_join(w, NULL);
    events = 0; // RACE
    printf("events = %d\n", events); // RACE
    return 0;
}
