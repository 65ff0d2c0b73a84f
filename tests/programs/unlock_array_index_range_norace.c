/* main holds locks[0], then locks and unlocks locks[i] with i known only at run time but assumed to lie in [1, N): that unlock never releases locks[0], so main's write after it is still protected like the worker's. */
#include <pthread.h>
#include <stdlib.h>

#define N 4

pthread_mutex_t locks[N] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                            PTHREAD_MUTEX_INITIALIZER};
int counter;

static void assume(int ok)
{
    if (!ok)
        abort();
}

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = 1 + ((argc - 1) & 1);

    (void)argv;
    assume(i >= 1);
    assume(i < N);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[i]);
    pthread_mutex_unlock(&locks[i]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    pthread_join(t, NULL);
    return 0;
}
