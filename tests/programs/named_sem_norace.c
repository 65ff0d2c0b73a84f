/* A named semaphore from sem_open orders the worker's write before main's read (post after writing, wait before reading). */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <unistd.h>

sem_t *done;
int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 64; // NORACE
    sem_post(done);
    return 0;
}

int main(void)
{
    char name[64];
    snprintf(name, sizeof name, "/racehunt-named-norace-%d", (int)getpid());
    sem_unlink(name);
    done = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
    if (done == SEM_FAILED)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(done);
    int got = result; // NORACE
    pthread_join(t, 0);
    sem_close(done);
    sem_unlink(name);
    return got != 64;
}
