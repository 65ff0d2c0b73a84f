/* A worker counts in a loop that polls pthread_testcancel; main cancels it and resets the count before joining: until the worker reaches a poll its writes continue, unordered with main's. */
#include <pthread.h>

int count;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 4; i++) {
        count = i + 1; // RACE
        pthread_testcancel();
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    count = 0; // RACE
    pthread_join(t, 0);
    return 0;
}
