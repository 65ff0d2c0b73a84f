/* Main creates a worker while it holds the lock and joins it before unlocking, so the worker's unlocked increment runs inside main's critical section and cannot meet the other thread's locked increment (a creation lockset). */
#include <pthread.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *locked_inc(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

static void *inside(void *arg)
{
    (void)arg;
    counter++; // NORACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, locked_inc, 0);
    pthread_mutex_lock(&m);
    pthread_create(&b, 0, inside, 0);
    pthread_join(b, 0);
    pthread_mutex_unlock(&m);
    pthread_join(a, 0);
    return counter - 2; // NORACE
}
