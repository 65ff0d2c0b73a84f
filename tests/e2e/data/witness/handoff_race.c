/* A producer and a consumer hand 300 items over a one-slot buffer: the
 * recorded run is a ping-pong of hundreds of context switches, none of
 * which the race needs.  After the hand-over both write `finished` without
 * the lock. */
#include <pthread.h>

#define ITEMS 300

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int slot, full, finished;
static long sum;

static void *consumer(void *arg)
{
    for (int i = 0; i < ITEMS; i++) {
        pthread_mutex_lock(&m);
        while (!full)
            pthread_cond_wait(&cv, &m);
        sum += slot; // NORACE
        full = 0;
        pthread_cond_signal(&cv);
        pthread_mutex_unlock(&m);
    }
    finished = 1; // RACE
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, consumer, NULL);
    for (int i = 0; i < ITEMS; i++) {
        pthread_mutex_lock(&m);
        while (full)
            pthread_cond_wait(&cv, &m);
        slot = i;
        full = 1;
        pthread_cond_signal(&cv);
        pthread_mutex_unlock(&m);
    }
    finished = 2; // RACE
    pthread_join(t, NULL);
    return (int)(sum % 2);
}
