/* A worker registers a cleanup handler that records that it was cancelled; main cancels and joins it before writing the record: the handler runs before the worker ends, so the join orders it. */
#include <pthread.h>
#include <unistd.h>

int stopped;

static void mark_stopped(void *arg)
{
    (void)arg;
    stopped = 1; // NORACE
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
    pthread_join(t, 0);
    stopped = 2; // NORACE
    return 0;
}
