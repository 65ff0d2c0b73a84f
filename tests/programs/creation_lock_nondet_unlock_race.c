/* main holds locks[0] and locks[1] while it creates both threads, then unlocks locks[i] (i known only at run time, 0 when argc is 1) before joining the worker: locks[0] may be released while the worker runs, so the worker's unlocked write races with the other thread's write under locks[0]. */
#include <pthread.h>

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
int counter;

void *worker(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

void *other(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&locks[0]);
    counter++; // RACE
    pthread_mutex_unlock(&locks[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t a, b;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, other, NULL);
    pthread_mutex_unlock(&locks[i]);
    pthread_join(a, NULL);
    pthread_mutex_unlock(&locks[1 - i]);
    pthread_join(b, NULL);
    return 0;
}
