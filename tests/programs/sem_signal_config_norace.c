/* Main fills the configuration and then posts; the worker waits before reading it, and main posts nothing earlier: the semaphore orders the writes before the reads, no race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

struct config {
    int level;
    int width;
} cfg;
sem_t ready;

static void *worker(void *arg)
{
    (void)arg;
    sem_wait(&ready);
    int level = cfg.level; // NORACE
    int width = cfg.width; // NORACE
    printf("%d %d\n", level, width);
    return NULL;
}

static void configure(int level)
{
    cfg.level = level; // NORACE
    cfg.width = 2 * level; // NORACE
}

int main(void)
{
    pthread_t t;

    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, worker, NULL);
    configure(3);
    sem_post(&ready);
    pthread_join(t, NULL);
    sem_destroy(&ready);
    return 0;
}
