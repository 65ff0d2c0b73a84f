/* The local struct's buffer field is set to a block shared by both workers, not a fresh one: the fills race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct buffer {
    int *data;
    int size;
};

static int shared_block[4];

static struct buffer make_buffer(int size, int seed)
{
    struct buffer b;
    b.size = size;
    b.data = malloc((size_t)size * sizeof(int));
    if (!b.data)
        abort();
    free(b.data);
    b.data = shared_block;
    for (int i = 0; i < b.size; i++)
        b.data[i] = seed + i; // RACE
    return b;
}

static void *worker(void *arg)
{
    long id = (long)arg;
    make_buffer(4, (int)id);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", shared_block[3]);
    return 0;
}
