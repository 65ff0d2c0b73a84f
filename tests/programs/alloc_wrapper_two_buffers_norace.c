/* An allocation wrapper fills the block it allocates and returns it; main makes two buffers with it and gives one to each worker: each call of the wrapper is a different block, so the workers never touch the same memory. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 8

int *new_buffer(int fill)
{
    int *b = malloc(LEN * sizeof *b);
    if (!b)
        abort();
    for (int i = 0; i < LEN; i++)
        b[i] = fill; // NORACE
    return b;
}

int *in, *out;

void *producer(void *arg)
{
    (void)arg;
    for (int i = 0; i < LEN; i++)
        in[i] = i; // NORACE
    return NULL;
}

void *consumer(void *arg)
{
    (void)arg;
    for (int i = 0; i < LEN; i++)
        out[i] *= 2; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t p, c;

    in = new_buffer(0);
    out = new_buffer(1);
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    printf("%d %d\n", in[LEN - 1], out[0]); // NORACE
    free(in);
    free(out);
    return 0;
}
