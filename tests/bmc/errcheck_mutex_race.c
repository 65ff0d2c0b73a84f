/* An error-checking mutex taken twice by main: the second lock fails
 * (EDEADLK), so the mutex is held once and main's first unlock frees it;
 * the write after that unlock races with the worker's locked write (with
 * a recursive mutex it would still be held). */
#include <pthread.h>

pthread_mutex_t m;
int level;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    level = level + 1; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_t t;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &a);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    level = level + 2; // NORACE
    pthread_mutex_unlock(&m);
    level = level + 4; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
