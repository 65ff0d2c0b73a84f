/* look-alikes of main reading its worker's counters that do not race: the limit written before the create, counters read only after the join or under the lock the worker takes, and a thread-local counter each thread has its own copy of */
#include <pthread.h>
#include <stdio.h>

static long limit;
static long plain_hits;
static volatile long vol_hits;
static long guarded_hits;
static __thread long own_hits;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    for (long i = 0; i < limit; i++) // NORACE
        plain_hits = plain_hits + 1; // NORACE
    vol_hits = vol_hits + 1; // NORACE
    own_hits = own_hits + 1; // NORACE
    pthread_mutex_lock(&m);
    guarded_hits = guarded_hits + 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t;
    long seen = 0;
    limit = 3; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    own_hits = own_hits + 1; // NORACE
    pthread_mutex_lock(&m);
    seen += guarded_hits; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    seen += plain_hits; // NORACE
    seen += vol_hits; // NORACE
    printf("%ld %ld\n", seen, own_hits); // NORACE
    return 0;
}
