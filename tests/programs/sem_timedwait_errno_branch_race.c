/* sem_timedwait with a past deadline and no poster fails with errno ETIMEDOUT; main then reads status, which the worker writes unordered: a race (bmc once left errno unset and proved it race-free) */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t s;
int status, seen;

static void *worker(void *arg)
{
    status = 1; // RACE
    return arg;
}

int main(void)
{
    pthread_t t;
    struct timespec past = {0, 0};
    sem_init(&s, 0, 0);
    pthread_create(&t, 0, worker, 0);
    if (sem_timedwait(&s, &past) != 0 && errno == ETIMEDOUT)
        seen = status; // RACE
    pthread_join(t, 0);
    sem_destroy(&s);
    return seen > 1;
}
