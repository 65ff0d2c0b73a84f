/* A recursive mutex: the worker locks locks[0], unlocks locks[i] (i known only at run time, 0 when argc is 1), then locks and unlocks locks[0] once more: when i is 0 the lock count is back to zero, so the write after that races with main's. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t locks[2];
int counter;

void *worker(void *arg)
{
    int i = *(int *)arg;
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_unlock(&locks[i]);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_unlock(&locks[0]);
    counter++; // RACE
    if (i != 0)
        pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_mutexattr_t attr;
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&locks[0], &attr);
    pthread_mutex_init(&locks[1], &attr);
    pthread_create(&t, NULL, worker, &i);
    pthread_mutex_lock(&locks[0]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[0]);
    pthread_join(t, NULL);
    return 0;
}
