/* main sets the key before creating the worker, but a new thread's value is NULL: the worker takes its else branch and writes the global main also writes, a race (had the worker inherited main's value, it would write its own counter). */
#include <pthread.h>

pthread_key_t key;
int mine, fallback;

static void *worker(void *arg)
{
    (void)arg;
    int *p = pthread_getspecific(key);
    if (p)
        *p = 1;
    else
        fallback = 1; // RACE
    return 0;
}

int main(void)
{
    pthread_key_create(&key, 0);
    pthread_setspecific(key, &mine);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    fallback = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
