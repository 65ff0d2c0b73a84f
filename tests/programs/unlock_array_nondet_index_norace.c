/* main holds locks[0] and locks[1] and writes before unlocking locks[i] and locks[1 - i] (in an order known only at run time): the write is inside the critical section of locks[0], like the worker's. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
int counter;

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
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    counter++; // NORACE
    pthread_mutex_unlock(&locks[i]);
    pthread_mutex_unlock(&locks[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
