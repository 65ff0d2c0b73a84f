/* Like a worker that disables cancellation around its setup, but it enables it again before sleeping: the pending cancellation is acted on at a sleep, the cleanup handler writes the flag, and main writes it unlocked before joining. */
#include <pthread.h>
#include <unistd.h>

int flag;

static void set_flag(void *arg)
{
    (void)arg;
    flag = 1; // RACE
}

static void *worker(void *arg)
{
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    pthread_cleanup_push(set_flag, arg);
    usleep(100);
    pthread_setcancelstate(old, 0);
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
    flag = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
