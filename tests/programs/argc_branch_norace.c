/* The worker branches on argc: one branch updates the shared counter under the mutex main also uses, the other touches a variable only the worker uses: race-free for every argc. */
#include <pthread.h>
#include <stdio.h>

int verbose;
int messages;
int quiet_skips;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    if (verbose) { // NORACE
        pthread_mutex_lock(&m);
        messages++; // NORACE
        pthread_mutex_unlock(&m);
    } else {
        quiet_skips++; // NORACE
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    (void)argv;

    verbose = (argc > 1); // NORACE
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    messages++; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("%d %d\n", messages, quiet_skips); // NORACE
    return 0;
}
