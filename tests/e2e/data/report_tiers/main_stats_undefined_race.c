/* report tiers: main's statistics loop, in code of its own, reads by name counters its workers update (plainly, under a lock main does not take, atomically, a field of the heap pool under the pool's lock) and writes a volatile stop flag they poll, and the two workers both update a counter with no lock: likely may-races; main reading a counter in a helper the workers run too, and main writing a plain setting the workers read, stay possible, and main's read of a counter after its join loop is not likely; audit_log is defined by no input, so no run confirms any */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void audit_log(const char *what); /* defined by a library racehunt is not given */

static long plain_hits;
static long locked_hits;
static long atomic_hits;
static long shared_hits;
static long all_hits;
static long late_hits;
static long setting;
static volatile int stop;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

struct pool {
    pthread_mutex_t lock;
    long done;
};
static struct pool *pool;

static long peek_shared(void)
{
    return shared_hits; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        audit_log("step");
    plain_hits = plain_hits + 1; // RACE
    pthread_mutex_lock(&m);
    locked_hits = locked_hits + 1; // RACE
    pthread_mutex_unlock(&m);
    __atomic_fetch_add(&atomic_hits, 1, __ATOMIC_RELAXED); // RACE
    all_hits = all_hits + 1; // RACE
    pthread_mutex_lock(&pool->lock);
    pool->done = pool->done + 1; // RACE
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_lock(&m);
    shared_hits = peek_shared() + setting; // RACE
    late_hits = late_hits + 1; // NORACE
    pthread_mutex_unlock(&m);
    for (int i = 0; i < 1000 && !stop; i++) // RACE
        audit_log("waiting");
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t *t = calloc(2, sizeof *t);
    long seen = 0;
    pool = calloc(1, sizeof *pool);
    if (!pool)
        return 1;
    pthread_mutex_init(&pool->lock, NULL);
    int n = argc > 1 && argv[1][0] == '1' ? 1 : 2;
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        audit_log("tick");
    seen += plain_hits; // RACE
    seen += locked_hits; // RACE
    seen += atomic_hits; // RACE
    seen += pool->done; // RACE
    seen += peek_shared();
    setting = 2; // RACE
    stop = 1; // RACE
    for (int i = 0; i < n; i++)
        if (pthread_join(t[i], NULL))
            return 1;
    seen += late_hits; // NORACE
    printf("%ld\n", seen);
    free(t);
    return 0;
}
