/* Each instance of a worker fills its own stack struct sigaction and installs it (the library copies it): the struct belongs to its instance, not shared with the handler nor the other instance; race-free. */
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
    struct sigaction act;
    (void)arg;
    memset(&act, 0, sizeof act);
    sigemptyset(&act.sa_mask);
    act.sa_flags = 0;
    act.sa_handler = on_usr1;
    if (sigaction(SIGUSR1, &act, NULL) == 0) {
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
