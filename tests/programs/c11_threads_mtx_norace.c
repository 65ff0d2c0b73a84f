/* C11 <threads.h>: three threads from thrd_create add to a counter under an mtx_t, main reads after thrd_join: no race. */
#include <stdio.h>
#include <threads.h>

#define NTHREADS 3

int counter;
mtx_t counter_mtx;

int worker(void *arg)
{
    int amount = *(int *)arg; // NORACE
    mtx_lock(&counter_mtx);
    counter += amount; // NORACE
    mtx_unlock(&counter_mtx);
    return 0;
}

int main(void)
{
    thrd_t t[NTHREADS];
    int amounts[NTHREADS] = {1, 10, 100}; // NORACE

    if (mtx_init(&counter_mtx, mtx_plain) != thrd_success)
        return 0;
    for (int i = 0; i < NTHREADS; i++)
        thrd_create(&t[i], worker, &amounts[i]);
    for (int i = 0; i < NTHREADS; i++)
        thrd_join(t[i], NULL);
    printf("counter = %d\n", counter); // NORACE
    mtx_destroy(&counter_mtx);
    return 0;
}
