/* The index of the unlock is checked to lie in [0, N) (0 when argc is 1): that range includes locks[0], which main holds, so the unlock may release it and main's write after it races with the worker's. */
#include <pthread.h>
#include <stdlib.h>

#define N 4

pthread_mutex_t locks[N] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                            PTHREAD_MUTEX_INITIALIZER};
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    if (i < 0 || i >= N)
        abort();
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(&locks[i]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
