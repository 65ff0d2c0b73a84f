/* A worker registers a cleanup handler that records that it was cancelled; main cancels it and writes the same record before joining: the handler runs when the worker acts on the cancellation, unordered with main's write. */
#include <pthread.h>
#include <unistd.h>

int stopped;

static void mark_stopped(void *arg)
{
    (void)arg;
    stopped = 1; // RACE
}

static void *worker(void *arg)
{
    pthread_cleanup_push(mark_stopped, arg);
    for (int i = 0; i < 3; i++)
        usleep(100);
    pthread_cleanup_pop(0);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    stopped = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
