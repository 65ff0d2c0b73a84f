/* The key's destructor runs in the worker when it ends and counts into a global that main also writes without waiting for the worker: the destructor's write races with main's. */
#include <pthread.h>

pthread_key_t key;
int cleaned;
int token;

static void destroy(void *p)
{
    (void)p;
    cleaned = 1; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_setspecific(key, &token);
    return 0;
}

int main(void)
{
    pthread_key_create(&key, destroy);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    cleaned = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
