/* Both threads update the counter only when pthread_mutex_clocklock returned 0 (they retry until it does): every update is under the mutex. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *bump(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0); /* far ahead of CLOCK_MONOTONIC's boot-relative time */
    while (pthread_mutex_clocklock(&lock, CLOCK_MONOTONIC, &ts) != 0);
    counter++; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, bump, 0);
    pthread_create(&b, 0, bump, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return counter != 2; // NORACE
}
