/* Each thread writes its own element but also reads its right neighbour's element, which that neighbour writes concurrently: write/read race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 3

int cells[NTHREADS + 1];
int seen[NTHREADS];

void *step(void *arg)
{
    int id = *(int *)arg; // NORACE
    cells[id] = id + 1; // RACE
    int right = cells[id + 1]; // RACE
    seen[id] = right; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS];

    for (int i = 0; i < NTHREADS; i++) {
        ids[i] = i; // NORACE
        pthread_create(&t[i], NULL, step, &ids[i]);
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NTHREADS; i++)
        printf("%d\n", seen[i]); // NORACE
    return 0;
}
