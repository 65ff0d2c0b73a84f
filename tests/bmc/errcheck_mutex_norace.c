/* An error-checking mutex: the worker's unlock of a mutex it does not hold
 * fails (EPERM) and leaves main's hold alone, and main's second lock fails
 * (EDEADLK) without blocking, so the mutex is held once and main's one
 * unlock frees it.  Both writes happen under the mutex: no race.  (A plain
 * mutex would let the stray unlock free it under main's write; a recursive
 * one would stay held after main's unlock and block the worker forever.) */
#include <pthread.h>

pthread_mutex_t m;
int level;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    level = level + 1; // NORACE
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
    pthread_join(t, NULL);
    return level == 3 ? 0 : 1;
}
