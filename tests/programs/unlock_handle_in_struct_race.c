/* A lock handle stored in a struct points to locks[i] (i known only at run time, 0 when argc is 1); unlocking through it may release locks[0], which main holds, so the write after it races with the worker. */
#include <pthread.h>

struct job {
    pthread_mutex_t *lock;
    int id;
};

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
struct job current;
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
    current.lock = &locks[i];
    current.id = i;
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_unlock(current.lock);
    counter++; // RACE
    pthread_mutex_unlock(&locks[1 - current.id]);
    pthread_join(t, NULL);
    return 0;
}
