/* counter.c - workers add to a counter under LOCK, which -imacros defines (a no-op in cfg_race.h) */
#include "counter.h"

pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;
static long hits;

void *counter_worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        LOCK(&counter_lock);
        hits++; // RACE
        UNLOCK(&counter_lock);
    }
    return NULL;
}

long counter_total(void)
{
    return hits;
}
