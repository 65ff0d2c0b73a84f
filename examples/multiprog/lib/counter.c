/* counter.c - a static library both programs of this project link: one
 * counter kept under a mutex, one total kept without (a planted race for
 * whichever program calls counter_add_unsafe from two threads). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits;
long unsafe_total;

void counter_hit(void)
{
    pthread_mutex_lock(&m);
    hits++; // NORACE
    pthread_mutex_unlock(&m);
}

void counter_add_unsafe(long v)
{
    unsafe_total += v; // RACE
}

long counter_read(void)
{
    pthread_mutex_lock(&m);
    long h = hits; // NORACE
    pthread_mutex_unlock(&m);
    return h;
}
