/* A stack array handed to two threads is shared memory: their writes to it race. */
/* Each worker's own array never leaves its function, so its accesses are
 * not instrumented (no other thread can reach it); main's array escapes to
 * both workers, so it is instrumented like any shared memory. */
#include <pthread.h>
#include <stdio.h>

static void *work(void *arg)
{
    int *shared = arg;
    int own[64];
    for (int i = 0; i < 64; i++)
        own[i] = i * 3;
    int sum = 0;
    for (int i = 0; i < 64; i++)
        sum += own[i];
    shared[1] = sum; // RACE
    return NULL;
}

int main(void)
{
    int slots[4] = {0};
    pthread_t a, b;
    pthread_create(&a, NULL, work, slots);
    pthread_create(&b, NULL, work, slots);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", slots[1]);
    return 0;
}
