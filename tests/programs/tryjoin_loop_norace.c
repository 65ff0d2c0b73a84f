/* Main polls the worker with pthread_tryjoin_np until it succeeds: a successful try-join is a join, so the worker's write happens before main's read. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 42; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    while (pthread_tryjoin_np(t, 0) != 0)
        sched_yield();
    return result != 42; // NORACE
}
