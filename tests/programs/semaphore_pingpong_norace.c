/* Two threads alternate on a shared counter using two semaphores as a baton (ping/pong): each access is ordered by a post/wait pair, no race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define ROUNDS 5

int ball;
sem_t ping_turn, pong_turn;

void *ping(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        sem_wait(&ping_turn);
        ball = ball + 1; // NORACE
        sem_post(&pong_turn);
    }
    return NULL;
}

void *pong(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        sem_wait(&pong_turn);
        ball = ball * 2; // NORACE
        sem_post(&ping_turn);
    }
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    sem_init(&ping_turn, 0, 1);
    sem_init(&pong_turn, 0, 0);
    pthread_create(&t1, NULL, ping, NULL);
    pthread_create(&t2, NULL, pong, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("ball = %d\n", ball); // NORACE
    sem_destroy(&ping_turn);
    sem_destroy(&pong_turn);
    return 0;
}
