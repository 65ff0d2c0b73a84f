/* stats.c - counters the workers update. */
#include "jobs.h"

void stats_record(struct stats *s, int item)
{
    pthread_mutex_lock(&s->lock);
    s->done++; // NORACE
    pthread_mutex_unlock(&s->lock);
    if (item > s->busiest) // RACE
        s->busiest = item; // RACE
}

long stats_done(struct stats *s)
{
    pthread_mutex_lock(&s->lock);
    long d = s->done; // NORACE
    pthread_mutex_unlock(&s->lock);
    return d;
}
