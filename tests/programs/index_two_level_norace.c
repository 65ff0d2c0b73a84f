/* Each thread writes one cell of a 2 x 2 grid at row id / 2 and column id % 2: the flattened element differs for every id: race-free. */
#include <pthread.h>

#define T 4
static int grid[T / 2][2];
static int *heap_cells;

static void *put(void *arg)
{
    int id = (int)(long)arg;
    grid[id / 2][id % 2] = id; // NORACE
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
