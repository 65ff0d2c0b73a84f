/* The worker count is a global set once before the loops; the create loop and the join loop both exit the program when a pthread call fails, so every iteration that goes on joined its thread: main reads the total only after all are joined. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int nworkers;
int partial[8];
int total;

void *worker(void *arg)
{
    int id = *(int *)arg;
    partial[id] = id * id; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t tids[8];
    int ids[8];

    nworkers = 4;
    for (int i = 0; i < nworkers; i++) {
        ids[i] = i;
        if (pthread_create(&tids[i], NULL, worker, &ids[i]) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    for (int i = 0; i < nworkers; i++) {
        if (pthread_join(tids[i], NULL) != 0) {
            perror("pthread_join");
            exit(1);
        }
    }
    for (int i = 0; i < nworkers; i++)
        total += partial[i]; // NORACE
    printf("total = %d\n", total);
    return 0;
}
