/* C11 mutex: one thread updates the level under mtx_timedlock, the other without taking the mutex: race. */
#include <threads.h>
#include <time.h>

mtx_t lock;
int level;

static int careful(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0) + 5;
    if (mtx_timedlock(&lock, &ts) == thrd_success) {
        level++; // RACE
        mtx_unlock(&lock);
    }
    return 0;
}

static int careless(void *arg)
{
    (void)arg;
    level--; // RACE
    return 0;
}

int main(void)
{
    mtx_init(&lock, mtx_timed);
    thrd_t a, b;
    thrd_create(&a, careful, 0);
    thrd_create(&b, careless, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    return 0;
}
