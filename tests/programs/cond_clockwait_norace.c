/* The consumer waits with pthread_cond_clockwait in a loop on the ready flag under the mutex; the producer fills the item before setting the flag under the mutex: the item is ordered. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;
int item;

static void *producer(void *arg)
{
    (void)arg;
    item = 99; // NORACE
    pthread_mutex_lock(&lock);
    ready = 1; // NORACE
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, producer, 0);
    struct timespec ts = {0, 0};
    pthread_mutex_lock(&lock);
    while (!ready) { // NORACE
        ts.tv_sec = time(0); /* far ahead of CLOCK_MONOTONIC's boot-relative time */
        pthread_cond_clockwait(&cv, &lock, CLOCK_MONOTONIC, &ts);
    }
    pthread_mutex_unlock(&lock);
    int got = item; // NORACE
    pthread_join(t, 0);
    return got != 99;
}
