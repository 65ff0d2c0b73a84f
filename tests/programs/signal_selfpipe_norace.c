/* The self-pipe trick: the SIGTERM handler only writes a byte to a pipe
 * whose descriptors main set before installing it; the workers read the
 * descriptors and count into slots of their own: no race. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int wake[2];
static int done[2];

static void on_term(int sig)
{
    (void)sig;
    ssize_t r = write(wake[1], "x", 1); // NORACE
    (void)r;
}

void *worker(void *arg)
{
    int id = *(int *)arg;
    if (wake[0] >= 0) // NORACE
        done[id] = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int ids[2] = {0, 1};
    struct sigaction sa;
    if (pipe(wake) != 0)
        return 1;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", done[0], done[1]);
    return 0;
}
