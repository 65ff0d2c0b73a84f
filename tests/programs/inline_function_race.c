/* The racing increment sits in a plain C99 `inline` function, which C99 compiles to no body of its own: racehunt reads it the way gcc-era code means it (GNU89 inline), so the body and its race are still there. The guarded update is protected. */
#include <pthread.h>

static int hits, guarded;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

inline void record_hit(void)
{
    hits = hits + 1; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    record_hit();
    pthread_mutex_lock(&m);
    guarded++; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
