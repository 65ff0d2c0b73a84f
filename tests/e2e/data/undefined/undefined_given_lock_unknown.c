/* cfg_apply is given the mutex the caller holds: it may unlock it, so the increment after it is not known to be protected (unknown, not race-free) */
#include <pthread.h>

void cfg_apply(pthread_mutex_t *guard);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int applied;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    cfg_apply(&m);
    applied++; // RACE (if cfg_apply unlocks m)
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return applied != 2;
}
