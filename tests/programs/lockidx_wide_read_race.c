/* main reads four bytes at words[i] under lock i: the copy covers words[i + 1], which the writer updates under lock i + 1, a race. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 4

pthread_mutex_t locks[N] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                            PTHREAD_MUTEX_INITIALIZER};
uint16_t words[N];

void *writer(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&locks[i]);
        words[i] = (uint16_t)(i + 1); // RACE
        pthread_mutex_unlock(&locks[i]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    uint32_t v = 0;

    pthread_create(&t, NULL, writer, NULL);
    for (int i = 0; i < N - 1; i++) {
        pthread_mutex_lock(&locks[i]);
        memcpy(&v, &words[i], sizeof v); // RACE
        pthread_mutex_unlock(&locks[i]);
        printf("%u\n", (unsigned)v);
    }
    pthread_join(t, NULL);
    return 0;
}
