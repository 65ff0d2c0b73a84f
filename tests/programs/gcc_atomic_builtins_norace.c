/* Threads update shared counters only through GCC __atomic_* and __sync_* builtins (and read them with __atomic_load_n): all atomic, no race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 3

int ops;
long max_seen;
unsigned flags;

void *worker(void *arg)
{
    long id = *(long *)arg; // NORACE
    for (int i = 0; i < 10; i++)
        __atomic_fetch_add(&ops, 1, __ATOMIC_RELAXED); // NORACE
    __sync_fetch_and_or(&flags, 1u << id); // NORACE
    for (int tries = 0; tries < NTHREADS + 1; tries++) {
        long cur = __atomic_load_n(&max_seen, __ATOMIC_ACQUIRE); // NORACE
        if (cur >= id)
            break;
        if (__sync_bool_compare_and_swap(&max_seen, cur, id)) // NORACE
            break;
    }
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    long ids[NTHREADS] = {1, 2, 3}; // NORACE

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("%d %ld %u\n", ops, max_seen, flags); // NORACE
    return 0;
}
