/* Each worker fills its block of the array up to and including (id + 1) * CHUNK: the last element of a block is the first of the next one, written by two workers: racy. */
#include <pthread.h>

#define T 4
#define CHUNK 8
static int data[T * CHUNK];

static void *fill(void *arg)
{
    int id = (int)(long)arg;
    for (int k = id * CHUNK; k <= (id + 1) * CHUNK && k < T * CHUNK; k++)
        data[k] = k * 2; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (long i = 0; i < T; i++)
        pthread_create(&t[i], NULL, fill, (void *)i);
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    int s = 0;
    for (int i = 0; i < T * CHUNK; i++)
        s += data[i]; // NORACE
    return s < 0;
}
