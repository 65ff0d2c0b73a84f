/* Main reads the global the thread writes before calling pthread_join (and again after it): the first read races with the write, the second does not. */
#include <pthread.h>
#include <stdio.h>

int status;

void *worker(void *arg)
{
    (void)arg;
    status = 2; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int before, after;

    status = 1; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    before = status; // RACE
    pthread_join(t, NULL);
    after = status; // NORACE
    printf("%d %d\n", before, after);
    return 0;
}
