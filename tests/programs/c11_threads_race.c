/* C11 <threads.h>: one thread adds under an mtx_t but the other adds without it, so the mutex protects nothing: race. */
#include <stdio.h>
#include <threads.h>

int counter;
mtx_t counter_mtx;

int locked_worker(void *arg)
{
    (void)arg;
    mtx_lock(&counter_mtx);
    counter += 1; // RACE
    mtx_unlock(&counter_mtx);
    return 0;
}

int unlocked_worker(void *arg)
{
    (void)arg;
    counter += 100; // RACE
    return 0;
}

int main(void)
{
    thrd_t t1, t2;

    if (mtx_init(&counter_mtx, mtx_plain) != thrd_success)
        return 0;
    thrd_create(&t1, locked_worker, NULL);
    thrd_create(&t2, unlocked_worker, NULL);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    printf("counter = %d\n", counter); // NORACE
    mtx_destroy(&counter_mtx);
    return 0;
}
