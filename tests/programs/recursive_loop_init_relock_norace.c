/* Recursive mutexes initialised in a loop: main locks locks[0] twice and unlocks it once, so it still holds it at its second write, which is protected like the first and the worker's. */
#define _GNU_SOURCE
#include <pthread.h>

#define N 2

pthread_mutex_t locks[N];
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t attr;
    pthread_t t;

    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    for (int i = 0; i < N; i++)
        pthread_mutex_init(&locks[i], &attr);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[0]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[0]);
    pthread_join(t, NULL);
    return 0;
}
