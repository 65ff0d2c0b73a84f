/* A worker cancels itself and reaches a cancellation point, so its write after it never runs; main goes on only when the join returns PTHREAD_CANCELED, then starts a helper that writes the data and reads it before joining the helper: that read races with the helper's write. */
#include <pthread.h>

int data;

static void *helper(void *arg)
{
    (void)arg;
    data = 5; // RACE
    return 0;
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_cancel(pthread_self());
    pthread_testcancel();
    data = 3; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t, h;
    pthread_create(&t, 0, worker, 0);
    void *res;
    pthread_join(t, &res);
    if (res != PTHREAD_CANCELED)
        return 1;
    pthread_create(&h, 0, helper, 0);
    int seen = data; // RACE
    pthread_join(h, 0);
    return seen == 7;
}
