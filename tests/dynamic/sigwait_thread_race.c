/* A signal-handling thread waits in sigwait while two workers race on a counter: a race every run shows. */
/* The shape of servers and load testers: the handler thread starts first
 * and waits for SIGINT for the whole run; main never signals it and exits
 * after joining the workers.  The waiting thread must not hold the
 * serialised run: before the engine's runs let a thread waiting for a
 * signal leave the schedule, the scheduler handed the token to it, and
 * every run stood still until its time limit.
 * Run: racehunt --engine=dynamic */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static int hits;
static int stopped;

static void *on_signal(void *arg)
{
    sigset_t *set = arg;
    int sig = 0;
    sigwait(set, &sig);
    stopped = 1; // NORACE
    return NULL;
}

static void *user(void *arg)
{
    for (int i = 0; i < 3; i++)
        hits++; // RACE
    return arg;
}

int main(void)
{
    static sigset_t set;
    pthread_t handler, a, b;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_create(&handler, NULL, on_signal, &set);
    pthread_create(&a, NULL, user, NULL);
    pthread_create(&b, NULL, user, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d hits\n", hits);
    return 0;
}
