/* Nobody ever posts the semaphore main waits on with sem_timedwait: the wait times out (-1, errno ETIMEDOUT) without any ordering, so main's read of the status on its fallback path races with the worker's write. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t ready;
int status;

static void *worker(void *arg)
{
    (void)arg;
    status = 2; // RACE
    return 0;
}

int main(void)
{
    sem_init(&ready, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 20000000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    int seen = 0;
    if (sem_timedwait(&ready, &ts) != 0 && errno == ETIMEDOUT)
        seen = status; // RACE
    pthread_join(t, 0);
    return seen > 2;
}
