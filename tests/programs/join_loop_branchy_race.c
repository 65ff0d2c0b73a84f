/* Workers count under a lock; main joins them in a loop whose body also prints when verbose, but the loop leaves one thread unjoined (a break before the last join), then reads the counter: the read races with the last worker. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_t workers[16];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int started;
static int verbose;

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    started++; // RACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc + 3;
    if (n > 16) {
        fprintf(stderr, "too many\n");
        n = 16;
    }
    verbose = argc > 2 && argv[2][0] == 'v'; // NORACE
    for (int i = 0; i < n; i++) {
        if (verbose) // NORACE
            printf("starting %d\n", i);
        pthread_create(&workers[i], NULL, worker, NULL);
    }
    for (int i = 0; i < n; i++) {
        if (i == n - 1) break;
        pthread_join(workers[i], NULL);
        if (verbose) // NORACE
            printf("joined %d\n", i);
    }
    printf("%d started\n", started); // RACE
    return 0;
}
