/* main writes level when mtx_trylock answers thrd_busy (1), i.e. while the worker holds m and writes level under it: a race (bmc once failed the trylock with 16 and missed it) */
#include <pthread.h>
#include <threads.h>

mtx_t m;
int level;

static void *worker(void *arg)
{
    mtx_lock(&m);
    level = 1; // RACE
    mtx_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t;
    mtx_init(&m, mtx_plain);
    pthread_create(&t, 0, worker, 0);
    if (mtx_trylock(&m) == thrd_busy) {
        level = 2; // RACE
    } else {
        level = 3; // NORACE
        mtx_unlock(&m);
    }
    pthread_join(t, 0);
    mtx_destroy(&m);
    return 0;
}
