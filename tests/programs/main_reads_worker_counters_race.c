/* main reads, while its worker runs, counters the worker updates (plainly, through a volatile, under a lock main does not take, atomically) and writes a volatile stop flag the worker polls: all races; the counter both take the lock for and the reads after the join are not */
#include <pthread.h>
#include <stdio.h>

static long plain_hits;
static volatile long vol_hits;
static long locked_hits;
static long atomic_hits;
static long guarded_hits;
static volatile int stop;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    plain_hits = plain_hits + 1; // RACE
    vol_hits = vol_hits + 1; // RACE
    pthread_mutex_lock(&m);
    locked_hits = locked_hits + 1; // RACE
    guarded_hits = guarded_hits + 1; // NORACE
    pthread_mutex_unlock(&m);
    __atomic_fetch_add(&atomic_hits, 1, __ATOMIC_RELAXED); // RACE
    for (int i = 0; i < 1000 && !stop; i++) // RACE
        continue;
    return NULL;
}

int main(void)
{
    pthread_t t;
    long seen = 0;
    pthread_create(&t, NULL, worker, NULL);
    seen += plain_hits; // RACE
    seen += vol_hits; // RACE
    seen += locked_hits; // RACE
    seen += atomic_hits; // RACE
    pthread_mutex_lock(&m);
    seen += guarded_hits; // NORACE
    pthread_mutex_unlock(&m);
    stop = 1; // RACE
    pthread_join(t, NULL);
    printf("%ld %ld %ld %ld %ld\n", seen, plain_hits, vol_hits, locked_hits, atomic_hits); // NORACE
    return 0;
}
