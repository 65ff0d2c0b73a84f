/* The create loop allocates each worker an argument block holding its id; the worker writes the elements BASE + id * STRIDE + k of a shared array for k below STRIDE: offset and stride keep the workers' strips apart: race-free. */
#include <pthread.h>
#include <stdlib.h>

#define T 3
#define BASE 2
#define STRIDE 5
struct arg {
    int id;
};
static long strip[BASE + T * STRIDE];

static void *work(void *p)
{
    struct arg *a = p;
    for (int k = 0; k < STRIDE; k++)
        strip[BASE + a->id * STRIDE + k] = k; // NORACE
    free(a); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (int i = 0; i < T; i++) {
        struct arg *a = malloc(sizeof *a);
        if (a == NULL)
            return 0;
        a->id = i; // NORACE
        pthread_create(&t[i], NULL, work, a);
    }
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    return strip[BASE + 1] != 1; // NORACE
}
