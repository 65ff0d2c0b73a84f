/* Workers take a ticket with an atomic fetch-and-add and fill the element it names: every ticket is handed out once, so the plain writes to the elements never meet. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 4

atomic_int next_slot;
long slots[N];

void *worker(void *arg)
{
    (void)arg;
    int j = atomic_fetch_add(&next_slot, 1);
    slots[j] = 100 + j; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t tids[N];

    for (int i = 0; i < N; i++)
        pthread_create(&tids[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], NULL);
    printf("%ld\n", slots[0]); // NORACE
    return 0;
}
