/* The key has a destructor, but the worker never sets a value (it stays NULL), so the destructor never runs and its write cannot race with main's. */
#include <pthread.h>

pthread_key_t key;
int cleaned;

static void destroy(void *p)
{
    (void)p;
    cleaned = 1; // NORACE
}

static void *worker(void *arg)
{
    return arg;
}

int main(void)
{
    pthread_key_create(&key, destroy);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    cleaned = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
