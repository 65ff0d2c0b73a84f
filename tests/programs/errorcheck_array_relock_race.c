/* Error-checking mutexes: main holds locks[0] and locks it again at an index known only at run time (0 when argc is 1): that lock fails instead of counting, so the unlock of locks[0] releases it and main's write after it races with the worker. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t locks[2];
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
    pthread_mutexattr_t attr;
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&locks[0], &attr);
    pthread_mutex_init(&locks[1], &attr);
    pthread_mutex_lock(&locks[0]);
    int relocked = pthread_mutex_lock(&locks[i]) == 0;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(&locks[0]);
    counter++; // RACE
    if (relocked && i != 0)
        pthread_mutex_unlock(&locks[i]);
    pthread_join(t, NULL);
    return 0;
}
