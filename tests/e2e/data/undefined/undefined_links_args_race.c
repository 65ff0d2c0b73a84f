/* attach(&slot, &shared) stores a pointer, beyond the stated assumption: never race-free, the call races */
#include <pthread.h>

int attach(int **slot, int *target);

static int shared;

static void *worker(void *arg)
{
    int *p = 0;
    (void)arg;
    attach(&p, &shared); // RACE
    if (p)
        *p = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
