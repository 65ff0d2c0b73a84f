/* A named semaphore opened under a constant name (O_CREAT | O_EXCL, initial value 0) orders the worker's write, posted after it, before main's read after its wait (sem_close and sem_unlink do not synchronise). */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>

int result;

static void *worker(void *arg)
{
    result = 64; // NORACE
    sem_post(arg);
    return 0;
}

int main(void)
{
    sem_unlink("/racehunt-const-norace");
    sem_t *done = sem_open("/racehunt-const-norace", O_CREAT | O_EXCL, 0600, 0);
    if (done == SEM_FAILED)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, done);
    sem_wait(done);
    int got = result; // NORACE
    pthread_join(t, 0);
    sem_close(done);
    sem_unlink("/racehunt-const-norace");
    return got != 64;
}
