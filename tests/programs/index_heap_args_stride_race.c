/* The create loop allocates each worker an argument block holding its id; the worker writes BASE + id * STRIDE + k for k up to STRIDE itself: each strip's last element is the next strip's first: racy. */
#include <pthread.h>
#include <stdlib.h>

#define T 3
#define BASE 2
#define STRIDE 5
struct arg {
    int id;
};
static long strip[BASE + T * STRIDE + 1];

static void *work(void *p)
{
    struct arg *a = p;
    for (int k = 0; k <= STRIDE; k++)
        strip[BASE + a->id * STRIDE + k] = k; // RACE
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
