/* A worker cancels itself and then reaches a cancellation point: it ends there as cancelled, so its later write never happens, and main reads PTHREAD_CANCELED from the join before writing the data the worker wrote first. */
#include <pthread.h>

int data;

static void *worker(void *arg)
{
    (void)arg;
    data = 1; // NORACE
    pthread_cancel(pthread_self());
    pthread_testcancel();
    data = 3; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    void *res;
    pthread_join(t, &res);
    if (res == PTHREAD_CANCELED)
        data = 2; // NORACE
    return 0;
}
