/* The worker posts the named semaphore before writing the result, so main's sem_wait does not order that write before main's read: race. */
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
    sem_post(done);
    result = 64; // RACE
    return 0;
}

int main(void)
{
    char name[64];
    snprintf(name, sizeof name, "/racehunt-named-race-%d", (int)getpid());
    sem_unlink(name);
    done = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
    if (done == SEM_FAILED)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(done);
    int got = result; // RACE
    pthread_join(t, 0);
    sem_close(done);
    sem_unlink(name);
    return got > 64;
}
