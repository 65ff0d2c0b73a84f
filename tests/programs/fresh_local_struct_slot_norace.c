/* Each worker fills a buffer it allocated itself, kept in a field of a local struct, then hands it over under a lock: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct buffer {
    int *data;
    int size;
};

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static int *outputs[2];

static struct buffer make_buffer(int size, int seed)
{
    struct buffer b;
    b.size = size;
    b.data = malloc((size_t)size * sizeof(int));
    if (!b.data)
        abort();
    for (int i = 0; i < b.size; i++)
        b.data[i] = seed + i; // NORACE
    return b;
}

static void *worker(void *arg)
{
    long id = (long)arg;
    struct buffer b = make_buffer(4, (int)id);
    pthread_mutex_lock(&out_lock);
    outputs[id] = b.data; // NORACE
    pthread_mutex_unlock(&out_lock);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", outputs[0][3], outputs[1][3]); // NORACE
    free(outputs[0]); // NORACE
    free(outputs[1]); // NORACE
    return 0;
}
