/* `mode` is never set: bmc reads it as any value and finds the write of
 * `shared` behind mode == 123456 racing with the worker's read.  A run gets
 * whatever the stack holds, so the counterexample does not replay; the
 * report must say it is likely, not confirmed, and name the local (its
 * witness lists the value bmc chose as an input). */
#include <pthread.h>

int shared;

void *worker(void *arg)
{
    (void)arg;
    return (void *)(long)shared;
}

int main(void)
{
    pthread_t t;
    int mode;
    pthread_create(&t, 0, worker, 0);
    if (mode == 123456)
        shared = 1;
    pthread_join(t, 0);
    return 0;
}
