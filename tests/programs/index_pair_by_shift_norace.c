/* Each thread owns two adjacent elements, at indices derived from its id by a shift and an or (id << 1, id << 1 | 1): no two threads touch the same element: race-free. */
#include <pthread.h>

#define T 4
static int data[2 * T + 2];

static void *fill(void *arg)
{
    unsigned id = (unsigned)(unsigned long)arg;
    unsigned base = id << 1;
    data[base] = (int)id; // NORACE
    data[base | 1] = (int)id + 100; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (unsigned long i = 0; i < T; i++)
        pthread_create(&t[i], NULL, fill, (void *)i);
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    int s = 0;
    for (int i = 0; i < 2 * T + 2; i++)
        s += data[i]; // NORACE
    return s < 0;
}
