/* A race behind two arbitrary inputs that must both take one value: about
 * one run in five hundred draws them.  The first 40 runs seldom do; the
 * engine keeps running until its budget when it has not seen a race yet.
 * Run: racehunt --engine=dynamic */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int shared;
int a, b;

void *worker(void *arg)
{
    (void)arg;
    if (a == 9 && b == 8)
        shared = 1; // RACE
    return 0;
}

int main(void)
{
    a = __VERIFIER_nondet_int(); // NORACE
    b = __VERIFIER_nondet_int(); // NORACE
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    shared = 2; // RACE
    pthread_join(t, 0);
    return shared;
}
