/* Each instance of a worker fills one static struct sigaction (a one-word change from a stack struct) and installs it: the instances race on its fields. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int installed;

static void on_usr1(int sig)
{
    (void)sig;
}

static void *worker(void *arg)
{
    static struct sigaction act;
    (void)arg;
    memset(&act, 0, sizeof act); // RACE
    sigemptyset(&act.sa_mask); // RACE
    act.sa_flags = 0; // RACE
    act.sa_handler = on_usr1; // RACE
    if (sigaction(SIGUSR1, &act, NULL) == 0) { // RACE
        pthread_mutex_lock(&lock);
        installed++; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", installed); // NORACE
    return 0;
}
