/* An unlock wrapper called with &locks[i] (i known only at run time, 0 when argc is 1) may release locks[0], which main holds: the write after the call races with the worker. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
int counter;

static void release(pthread_mutex_t *l)
{
    pthread_mutex_unlock(l);
}

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // RACE
    release(&locks[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&t, NULL, worker, NULL);
    release(&locks[i]);
    counter++; // RACE
    release(&locks[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
