/* Each thread writes column 0 of row id / 2, so threads 0 and 1 (and 2 and 3) write one cell: a race. */
#include <pthread.h>

#define T 4
static int grid[T / 2][2];
static int *heap_cells;

static void *put(void *arg)
{
    int id = (int)(long)arg;
    grid[id / 2][0] = id; // RACE
    heap_cells[id * 2 + 1] = id; // NORACE
    return NULL;
}

int main(void)
{
    static int cells[2 * T + 2];
    heap_cells = cells; // NORACE
    pthread_t t[T];
    for (long i = 0; i < T; i++)
        pthread_create(&t[i], NULL, put, (void *)i);
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    return grid[1][1] + heap_cells[3] != 4; // NORACE
}
