/* SV-COMP convention: a function named __VERIFIER_atomic_* runs atomically and its accesses never race, so the workers' plain reads of the counter do not race with the compare-and-swap that writes it (C11 would call them races; TSan is not run on this program). */
#include <pthread.h>
#include <stdio.h>

unsigned value;

void __VERIFIER_atomic_cas(unsigned *v, unsigned expect, unsigned update, int *done)
{
    if (*v == expect) {
        *v = update;
        *done = 1;
    } else {
        *done = 0;
    }
}

void *worker(void *arg)
{
    int done = 0;
    (void)arg;
    for (int tries = 0; tries < 100 && !done; tries++) {
        unsigned v = value; // NORACE
        __VERIFIER_atomic_cas(&value, v, v + 1, &done);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("value = %u\n", value); // NORACE
    return 0;
}
