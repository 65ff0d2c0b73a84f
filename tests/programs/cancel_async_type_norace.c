/* A worker switches to asynchronous cancellation while it computes into a local, then back to deferred before publishing; main cancels and joins it before reading: race-free, but an engine that explores cancellation only at cancellation points cannot prove it. */
#include <pthread.h>

int published;

static void *worker(void *arg)
{
    (void)arg;
    int old, sum = 0;
    pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
    for (int i = 0; i < 8; i++)
        sum += i;
    pthread_setcanceltype(old, 0);
    published = sum; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    pthread_join(t, 0);
    return published == 1; // NORACE
}
