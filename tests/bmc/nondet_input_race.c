/* A race hidden behind a nondeterministic input: the worker writes the
 * shared counter only when the input equals one value out of 2^32; main
 * reads it without synchronisation.  Random testing almost never finds it. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int counter;
int key;

void *worker(void *arg)
{
    (void)arg;
    if (key * 3 + 7 == 370372) // NORACE
        counter = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    key = __VERIFIER_nondet_int(); // NORACE
    pthread_create(&t, NULL, worker, NULL);
    int seen = counter; // RACE
    pthread_join(t, NULL);
    return seen;
}
