/* Mutant (del-wait) of tests/programs/semaphore_pingpong_norace.c: ping no longer waits for its turn, so its update races with pong's. bmc's witness does not replay (the replay departs from the schedule 37 times). */
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
        ;
        ball = ball + 1; // RACE
        sem_post(&pong_turn);
    }
    return NULL;
}

void *pong(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        sem_wait(&pong_turn);
        ball = ball * 2; // RACE
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
