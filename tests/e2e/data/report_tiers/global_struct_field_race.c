/* A global struct's field written by a worker and read by main, both by
 * the variable's own name (no pointer): the report names the field. */
#include <pthread.h>

static struct {
    pthread_mutex_t lock;
    long received;
    long sent;
} stats = {PTHREAD_MUTEX_INITIALIZER, 0, 0};

static void *sender(void *arg)
{
    pthread_mutex_lock(&stats.lock);
    stats.received++;
    pthread_mutex_unlock(&stats.lock);
    stats.sent++; // RACE
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, sender, 0);
    long now = stats.sent; // RACE
    pthread_join(t, 0);
    return now > 1;
}
