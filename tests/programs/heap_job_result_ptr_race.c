/* Each job's result pointer names slot i / 2, so two workers write each slot: a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct job {
    int n;
    int *result;
};

static int results[N];

static void *double_it(void *arg)
{
    struct job *j = arg;
    int *out = j->result;
    *out = j->n * 2; // RACE
    free(j);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            abort();
        j->n = 5 * i + 3; // NORACE
        j->result = &results[i / 2]; // NORACE
        pthread_create(&t[i], NULL, double_it, j);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", results[i]); // NORACE
    return 0;
}
