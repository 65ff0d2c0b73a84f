/* The producer signals and sets the flag first and writes the payload afterwards, outside the mutex; the consumer woken by pthread_cond_clockwait reads the payload: race on the payload. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;
int payload;

static void *producer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    ready = 1; // NORACE
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&lock);
    payload = 5; // RACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, producer, 0);
    struct timespec ts = {0, 0};
    pthread_mutex_lock(&lock);
    while (!ready) { // NORACE
        ts.tv_sec = time(0);
        pthread_cond_clockwait(&cv, &lock, CLOCK_MONOTONIC, &ts);
    }
    pthread_mutex_unlock(&lock);
    int got = payload; // RACE
    pthread_join(t, 0);
    return got > 5;
}
