/* The SIGUSR1 handler counts into a plain int that a worker also
 * updates: a signal may arrive in any thread at any time, so the
 * handler's increment races with the worker's. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static int events;

static void on_usr1(int sig)
{
    (void)sig;
    events++; // RACE
}

void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        events++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    signal(SIGUSR1, on_usr1);
    pthread_create(&t, NULL, worker, NULL);
    raise(SIGUSR1);
    pthread_join(t, NULL);
    printf("%d\n", events);
    return 0;
}
