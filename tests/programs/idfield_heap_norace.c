/* Each loop iteration allocates a job block, sets its id field to the counter and hands the block to its thread, which writes the output slot of that id and frees the block: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct job {
    const char *name;
    int id;
};

int out[N];

void *worker(void *arg)
{
    struct job *j = arg;
    out[j->id] = j->id + 1; // NORACE
    free(j); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];

    for (int i = 0; i < N; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            return 1;
        j->name = "job"; // NORACE
        j->id = i; // NORACE
        pthread_create(&t[i], NULL, worker, j);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", out[i]); // NORACE
    return 0;
}
