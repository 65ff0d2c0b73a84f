/* Configuration globals are written only by main before any thread exists; the threads only read them (and write their own result slots): no race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 3

int scale;
int offset;
int results[NTHREADS];

void *apply(void *arg)
{
    int id = *(int *)arg; // NORACE
    int s = scale; // NORACE
    int o = offset; // NORACE
    results[id] = id * s + o; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t[NTHREADS];
    int ids[NTHREADS];
    (void)argv;

    scale = 10 * argc; // NORACE
    offset = 3; // NORACE
    for (int i = 0; i < NTHREADS; i++) {
        ids[i] = i; // NORACE
        pthread_create(&t[i], NULL, apply, &ids[i]);
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NTHREADS; i++)
        printf("%d\n", results[i]); // NORACE
    return 0;
}
