/* Main fills the table and posts once; each of several workers waits, reads the table and passes the token on with a post: every post follows main's, no race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define NWORKERS 3

int table[4];
sem_t turn;

static void *worker(void *arg)
{
    (void)arg;
    sem_wait(&turn);
    int sum = table[0] + table[3]; // NORACE
    printf("%d\n", sum);
    sem_post(&turn);
    return NULL;
}

int main(void)
{
    pthread_t t[NWORKERS];

    sem_init(&turn, 0, 0);
    for (int i = 0; i < NWORKERS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 4; i++)
        table[i] = i * i; // NORACE
    sem_post(&turn);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(t[i], NULL);
    sem_destroy(&turn);
    return 0;
}
