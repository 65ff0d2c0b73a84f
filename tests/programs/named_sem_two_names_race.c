/* The worker posts one named semaphore after writing, but main waits on another one, opened under a different name with initial value 1: the wait does not wait for the worker, so the write and main's read race. */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>

sem_t *posted;
int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 64; // RACE
    sem_post(posted);
    return 0;
}

int main(void)
{
    sem_unlink("/racehunt-two-a");
    sem_unlink("/racehunt-two-b");
    posted = sem_open("/racehunt-two-a", O_CREAT | O_EXCL, 0600, 0);
    sem_t *other = sem_open("/racehunt-two-b", O_CREAT | O_EXCL, 0600, 1);
    if (posted == SEM_FAILED || other == SEM_FAILED)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(other);
    int got = result; // RACE
    pthread_join(t, 0);
    sem_close(posted);
    sem_close(other);
    sem_unlink("/racehunt-two-a");
    sem_unlink("/racehunt-two-b");
    return got > 64;
}
