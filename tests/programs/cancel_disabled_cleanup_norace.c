/* The worker disables cancellation before registering a cleanup handler that writes a flag main writes unlocked: with cancellation disabled at its sleeps the handler never runs (pop(0) does not run it either), so only main writes the flag. */
#include <pthread.h>
#include <unistd.h>

int flag;

static void set_flag(void *arg)
{
    (void)arg;
    flag = 1; // NORACE
}

static void *worker(void *arg)
{
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, 0);
    pthread_cleanup_push(set_flag, arg);
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
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
