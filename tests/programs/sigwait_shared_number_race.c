/* The signal thread lets sigwait write the number straight into a global
 * that main reads without waiting for it: sigwait's write races with the
 * read. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static int last_signal;

void *waiter(void *arg)
{
    sigwait((sigset_t *)arg, &last_signal); // RACE
    return NULL;
}

int main(void)
{
    static sigset_t set;
    pthread_t t;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_create(&t, NULL, waiter, &set);
    pthread_kill(t, SIGUSR1);
    printf("%d\n", last_signal); // RACE
    pthread_join(t, NULL);
    return 0;
}
