/* Main writes one field before its post and the other after it: the worker's wait orders only the first write before its reads, the second races. */
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
    int width = cfg.width; // RACE
    printf("%d %d\n", level, width);
    return NULL;
}

int main(void)
{
    pthread_t t;

    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, worker, NULL);
    cfg.level = 3; // NORACE
    sem_post(&ready);
    cfg.width = 6; // RACE
    pthread_join(t, NULL);
    sem_destroy(&ready);
    return 0;
}
