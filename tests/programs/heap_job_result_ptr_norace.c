/* Each iteration allocates a job whose result pointer names that iteration's own slot; the worker writes double its number into the slot through it and frees the job: race-free. */
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
    *out = j->n * 2; // NORACE
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
        j->result = &results[i]; // NORACE
        pthread_create(&t[i], NULL, double_it, j);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", results[i]); // NORACE
    return 0;
}
