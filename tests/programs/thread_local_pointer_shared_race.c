/* Each thread has its own __thread pointer, but both point it at the same global and write through it: the pointer is thread-local, the pointee is shared, race. */
#include <pthread.h>
#include <stdio.h>

int shared_total;
__thread int *cursor;

void *worker(void *arg)
{
    (void)arg;
    cursor = &shared_total; // NORACE
    *cursor += 5; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("total = %d\n", shared_total); // NORACE
    return 0;
}
