/* Main polls the worker with pthread_timedjoin_np and, each time the poll times out, hands it one more item through a semaphore; the worker needs three before it ends. The posts order the items, the successful join orders the sum: no race, and no deadlock. */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t fed;
int items[3];
int sum;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        sem_wait(&fed);
        sum += items[i]; // NORACE
    }
    return 0;
}

int main(void)
{
    sem_init(&fed, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int given = 0;
    for (;;) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        if (pthread_timedjoin_np(t, 0, &ts) == 0)
            break;
        if (given < 3) {
            items[given] = given + 1; // NORACE
            given++;
            sem_post(&fed);
        }
    }
    return sum != 6; // NORACE
}
