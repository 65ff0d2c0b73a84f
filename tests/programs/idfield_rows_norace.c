/* Each thread fills the grid row named by the id field of the struct it was given (set by main before its create); main prints after the joins: no race. */
#include <pthread.h>
#include <stdio.h>

#define N 4
#define W 8

struct row_job {
    double weight;
    long id;
};

int grid[N][W];

void *fill_row(void *arg)
{
    struct row_job *j = arg;
    for (int k = 0; k < W; k++)
        grid[j->id][k] = k * (int)j->weight; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    struct row_job jobs[N];

    for (long i = 0; i < N; i++) {
        jobs[i].weight = 1.5; // NORACE
        jobs[i].id = i; // NORACE
        pthread_create(&t[i], NULL, fill_row, &jobs[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", grid[N - 1][W - 1]); // NORACE
    return 0;
}
