/* Main cancels a worker that polls for cancellation with pthread_testcancel, then joins it before reading what the worker wrote: the join orders the worker's writes (cancelled or not), no race. */
#include <pthread.h>

int progress;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000; i++) {
        progress = i; // NORACE
        pthread_testcancel();
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    void *res;
    pthread_join(t, &res);
    return progress > 999; // NORACE
}
