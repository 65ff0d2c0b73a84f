/* C11 thread-specific storage: each thread sets its tss_t value to the address of one global and increments through tss_get's pointer: the value is per thread, the pointee is shared, race. */
#include <threads.h>

tss_t key;
int shared_stat;

static int worker(void *arg)
{
    (void)arg;
    tss_set(key, &shared_stat);
    int *p = tss_get(key);
    *p += 1; // RACE
    return 0;
}

int main(void)
{
    tss_create(&key, 0);
    thrd_t a, b;
    thrd_create(&a, worker, 0);
    thrd_create(&b, worker, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    tss_delete(key);
    return 0;
}
