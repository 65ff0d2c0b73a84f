/* A worker writes its result, then sleeps in a loop until it is cancelled (or the loop ends); main cancels it and joins before overwriting the result: whether the worker ends by cancellation or by returning, the join orders its write. */
#include <pthread.h>
#include <unistd.h>

int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 42; // NORACE
    for (int i = 0; i < 3; i++)
        usleep(100);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    void *res;
    pthread_join(t, &res);
    result = res == PTHREAD_CANCELED ? -1 : result; // NORACE
    return 0;
}
