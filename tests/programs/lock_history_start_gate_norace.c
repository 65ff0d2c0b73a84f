/* A start gate: main holds the gate mutex from before creating the worker until its setup is done; the worker passes through the gate (lock, unlock) before reading the setup, so it waits for main's unlock. */
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
int config;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&gate);
    pthread_mutex_unlock(&gate);
    printf("config = %d\n", config); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_mutex_lock(&gate);
    pthread_create(&t, NULL, worker, NULL);
    config = 42; // NORACE
    pthread_mutex_unlock(&gate);
    pthread_join(t, NULL);
    return 0;
}
