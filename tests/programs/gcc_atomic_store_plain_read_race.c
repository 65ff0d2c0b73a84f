/* One thread writes with __atomic_store_n, main reads the same int with a plain load: only one side is atomic, so the pair races. */
#include <pthread.h>
#include <stdio.h>

int stop_requested;

void *requester(void *arg)
{
    (void)arg;
    __atomic_store_n(&stop_requested, 1, __ATOMIC_SEQ_CST); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int stop;

    pthread_create(&t, NULL, requester, NULL);
    stop = stop_requested; // RACE
    pthread_join(t, NULL);
    printf("stop = %d\n", stop);
    return 0;
}
