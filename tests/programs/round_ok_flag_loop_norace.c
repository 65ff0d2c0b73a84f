/* main runs three rounds, each creating one worker into the same local
 * handle and recording in a flag whether pthread_create succeeded; the
 * round joins only when the flag is set and then doubles the total
 * without the lock.  Where the flag is 0 no worker was made, so each
 * round's doubling and main's final read run alone. */
#include <pthread.h>
#include <stdio.h>

static int total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *round_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&total_lock);
    total++; // NORACE
    pthread_mutex_unlock(&total_lock);
    return NULL;
}

int main(void)
{
    for (int r = 0; r < 3; r++) {
        pthread_t t;
        int ok = 0;
        if (pthread_create(&t, NULL, round_worker, NULL) == 0)
            ok = 1;
        if (ok)
            pthread_join(t, NULL);
        total *= 2; // NORACE
    }
    printf("%d\n", total); // NORACE
    return 0;
}
