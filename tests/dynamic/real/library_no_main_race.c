/* a library without main: one entry adds to a counter unprotected, another reads it under a lock */
#include <pthread.h>
static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;
void stats_hit(long n) {
    hits += n; // RACE
}
long stats_read(void) {
    pthread_mutex_lock(&hits_lock);
    long v = hits; // RACE
    pthread_mutex_unlock(&hits_lock);
    return v;
}
