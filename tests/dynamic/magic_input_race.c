/* A race only one input value in four billion reaches: executions do not
 * find it, bounded model checking does at once.  Under auto the dynamic
 * engine's search for a first race must stop when bmc confirms this one,
 * instead of running out the budget.  Run: racehunt (auto) */
#include <pthread.h>

extern unsigned __VERIFIER_nondet_uint(void);

int shared;
unsigned key;

void *worker(void *arg)
{
    (void)arg;
    if (key == 2654435761u)
        shared = 1; // RACE
    return 0;
}

int main(void)
{
    key = __VERIFIER_nondet_uint(); // NORACE
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    shared = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
