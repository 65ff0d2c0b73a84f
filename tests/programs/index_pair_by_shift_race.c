/* The second element is base + 2 instead of base | 1, which is the next thread's first element: a race. */
#include <pthread.h>

#define T 4
static int data[2 * T + 2];

static void *fill(void *arg)
{
    unsigned id = (unsigned)(unsigned long)arg;
    unsigned base = id << 1;
    data[base] = (int)id; // RACE
    data[base + 2] = (int)id + 100; // RACE
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
