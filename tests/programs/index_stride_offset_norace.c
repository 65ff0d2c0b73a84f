/* Each thread writes a strided column of a matrix stored in one array: element id + k * T for k below the row count; congruence modulo T keeps the threads apart: race-free. */
#include <pthread.h>

#define T 3
#define ROWS 5
static double grid[T * ROWS];

static void *column(void *arg)
{
    int id = (int)(long)arg;
    for (int k = 0; k < ROWS; k++)
        grid[id + k * T] = k * 0.5 + id; // NORACE
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
