/* A worker counts in a loop that polls pthread_testcancel; main cancels and joins it, then reads the count: cancelled at a poll or finished, the worker's writes are ordered by the join. */
#include <pthread.h>

int count;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 4; i++) {
        count = i + 1; // NORACE
        pthread_testcancel();
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    pthread_join(t, 0);
    return count > 4; // NORACE
}
