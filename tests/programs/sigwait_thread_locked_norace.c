/* A dedicated thread waits for SIGUSR1 with sigwait (every thread blocks
 * it) and records it under the lock that main also reads it under: no
 * race, and the signal number sigwait writes is the thread's own. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int got;

void *waiter(void *arg)
{
    sigset_t *set = arg;
    int sig = 0;
    if (sigwait(set, &sig) == 0) { // NORACE
        pthread_mutex_lock(&m);
        got = sig; // NORACE
        pthread_mutex_unlock(&m);
    }
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
    pthread_join(t, NULL);
    pthread_mutex_lock(&m);
    printf("%d\n", got); // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}
