/* The worker disables cancellation around an update of the shared state and enables it again: that makes the update complete, not ordered, so main's write after pthread_cancel still races with it. */
#include <pthread.h>
#include <unistd.h>

int state;

static void *worker(void *arg)
{
    (void)arg;
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    state = 1; // RACE
    pthread_setcancelstate(old, 0);
    pthread_testcancel();
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    state = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
