/* main holds locks[0] and locks[1], then unlocks locks[i] with i known only at run time (0 when argc is 1): that unlock may release locks[0], so main's write after it races with the worker's locked one. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
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
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(&locks[i]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
