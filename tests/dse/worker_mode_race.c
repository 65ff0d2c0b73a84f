/* The workers always start; what they do rests on a mode word in argv:
 * only "burst" makes them bump the tally without the lock.  The branch to
 * flip is in the workers, after every thread creation: the search reaches
 * it by aiming at the static engine's candidate pair there. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long tally;
static int burst;

static void *worker(void *arg)
{
    (void)arg;
    if (burst) {
        tally++; // RACE
    } else {
        pthread_mutex_lock(&lock);
        tally++; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t a, b;
    burst = argc > 1 && strcmp(argv[1], "burst") == 0;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%ld\n", tally);
    return 0;
}
