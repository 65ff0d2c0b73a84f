/* Each thread updates _Thread_local and __thread variables: every thread has its own copy, so nothing is shared and there is no race. */
#include <pthread.h>
#include <stdio.h>

_Thread_local int calls;
__thread long scratch[4];

int bump(void)
{
    calls++; // NORACE
    return calls; // NORACE
}

void *worker(void *arg)
{
    int *out = arg;
    for (int i = 0; i < 4; i++) {
        scratch[i] = bump(); // NORACE
    }
    *out = (int)scratch[3]; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int r1 = 0; // NORACE
    int r2 = 0; // NORACE

    pthread_create(&t1, NULL, worker, &r1);
    pthread_create(&t2, NULL, worker, &r2);
    calls = 100; // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d %d\n", r1, r2, calls); // NORACE
    return 0;
}
