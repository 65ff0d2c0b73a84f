/* main raises a signal whose handler sets a flag: raise runs the handler in main itself before it returns, and the worker never touches the flag, so nothing races; the worker's result is read after the join. */
#include <pthread.h>
#include <signal.h>

volatile sig_atomic_t got_signal;
int result;

static void on_usr1(int sig)
{
    (void)sig;
    got_signal = 1; // NORACE
}

static void *worker(void *arg)
{
    (void)arg;
    result = 5; // NORACE
    return 0;
}

int main(void)
{
    signal(SIGUSR1, on_usr1);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    raise(SIGUSR1);
    pthread_join(t, 0);
    return result + got_signal != 6; // NORACE
}
