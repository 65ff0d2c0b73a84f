/* The worker writes the result and posts; main waits with sem_timedwait in a loop until it succeeds before reading: the post/wait pair orders the write. */
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t done;
int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 123; // NORACE
    sem_post(&done);
    return 0;
}

int main(void)
{
    sem_init(&done, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0) + 1;
    while (sem_timedwait(&done, &ts) != 0);
    int got = result; // NORACE
    pthread_join(t, 0);
    return got != 123;
}
