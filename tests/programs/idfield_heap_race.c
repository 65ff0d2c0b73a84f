/* Each job block's id field is the counter mod 2, so threads 0 and 2 (and 1 and 3) write the same output slot: a race. */
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
    out[j->id] = j->id + 1; // RACE
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
        j->id = i % 2; // NORACE
        pthread_create(&t[i], NULL, worker, j);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", out[i]); // NORACE
    return 0;
}
