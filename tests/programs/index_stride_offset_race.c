/* The column stride is T - 1 instead of T, so thread 0's element 2 is thread 2's element 0: a race. */
#include <pthread.h>

#define T 3
#define ROWS 5
static double grid[T * ROWS];

static void *column(void *arg)
{
    int id = (int)(long)arg;
    for (int k = 0; k < ROWS; k++)
        grid[id + k * (T - 1)] = k * 0.5 + id; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (long i = 0; i < T; i++)
        pthread_create(&t[i], NULL, column, (void *)i);
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    double s = 0;
    for (int i = 0; i < T * ROWS; i++)
        s += grid[i]; // NORACE
    return s < 0;
}
