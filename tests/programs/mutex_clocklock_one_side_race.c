/* One thread updates the counter under pthread_mutex_clocklock, the other without any lock: race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *careful(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0);
    if (pthread_mutex_clocklock(&lock, CLOCK_MONOTONIC, &ts) == 0) {
        counter++; // RACE
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

static void *careless(void *arg)
{
    (void)arg;
    counter++; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, careful, 0);
    pthread_create(&b, 0, careless, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
