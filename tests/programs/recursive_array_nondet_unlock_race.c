/* A recursive mutex locks[0] is taken twice, then locks[i] (i known only at run time, 0 when argc is 1) and locks[0] are unlocked: when i is 0 both unlocks release locks[0], so the write after them races with the worker. */
#define _GNU_SOURCE
#include <pthread.h>

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
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&locks[0], &attr);
    pthread_mutex_init(&locks[1], &attr);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(&locks[i]);
    pthread_mutex_unlock(&locks[0]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
