/* Four functions no source defines are each given the mutex the caller holds: any may unlock it,
 * so the updates after them are not known to be protected (unknown).  The four calls make one
 * note that names the first functions and counts the rest, not a note per function. */
#include <pthread.h>

void pool_take(pthread_mutex_t *guard);
void pool_give(pthread_mutex_t *guard);
void pool_trim(pthread_mutex_t *guard);
void pool_stat(pthread_mutex_t *guard);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int taken, given;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    pool_take(&m);
    taken++; // RACE (if pool_take unlocks m)
    pool_give(&m);
    given++; // RACE (if pool_give unlocks m)
    pool_trim(&m);
    pool_stat(&m);
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
    return taken != given;
}
