/* The worker opens main's named semaphore again by its name (the same semaphore) and posts it before writing the result, so main's wait does not order that write before main's read: race. */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>

int result;

static void *worker(void *arg)
{
    (void)arg;
    sem_t *s = sem_open("/racehunt-reopen-race", 0);
    if (s == SEM_FAILED)
        return 0;
    sem_post(s);
    result = 64; // RACE
    sem_close(s);
    return 0;
}

int main(void)
{
    sem_unlink("/racehunt-reopen-race");
    sem_t *done = sem_open("/racehunt-reopen-race", O_CREAT | O_EXCL, 0600, 0);
    if (done == SEM_FAILED)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(done);
    int got = result; // RACE
    pthread_join(t, 0);
    sem_close(done);
    sem_unlink("/racehunt-reopen-race");
    return got > 64;
}
