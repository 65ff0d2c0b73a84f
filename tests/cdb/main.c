/* main.c - starts WORKERS counter workers; calls one assembly and one C++ function racehunt does not analyse */
#include "counter.h"

long fast_twice(long n);
int helper_version(void);

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, counter_worker, NULL);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    long total = counter_total();
    return helper_version() == 1 && fast_twice(total) == 2 * total ? 0 : 1;
}
