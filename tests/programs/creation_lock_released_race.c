/* Like creation_lock_held_norace.c, but main unlocks before it joins the worker: the worker's unlocked increment may then run while the other thread holds the lock. */
#include <pthread.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *locked_inc(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
    return 0;
}

static void *outside(void *arg)
{
    (void)arg;
    counter++; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, locked_inc, 0);
    pthread_mutex_lock(&m);
    pthread_create(&b, 0, outside, 0);
    pthread_mutex_unlock(&m);
    pthread_join(b, 0);
    pthread_join(a, 0);
    return 0;
}
