/* The join loop stops one thread short of the create loop (i < nworkers - 1), so the last worker may still be writing its result while main sums them: race on that slot. */
#include <pthread.h>
#include <stdio.h>

int nworkers;
int result[4];

void *worker(void *arg)
{
    int *slot = arg;
    *slot = 5; // RACE
    return NULL;
}

int main(void)
{
    pthread_t tids[4];
    int sum = 0;

    nworkers = 4;
    for (int i = 0; i < nworkers; i++)
        pthread_create(&tids[i], NULL, worker, &result[i]);
    for (int i = 0; i < nworkers - 1; i++)
        pthread_join(tids[i], NULL);
    for (int i = 0; i < nworkers; i++)
        sum += result[i]; // RACE
    printf("%d\n", sum);
    pthread_join(tids[nworkers - 1], NULL);
    return 0;
}
