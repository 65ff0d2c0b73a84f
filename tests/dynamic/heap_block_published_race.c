/* A malloc'd block whose address is stored in a global is shared: main's write through its own pointer races with the worker's. */
/* Blocks fresh from malloc are left uninstrumented only while their address
 * stays in the allocating thread's own uses; storing it anywhere (here in
 * `shared`) makes every access to it instrumented, before or after. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int *shared;

static void *worker(void *arg)
{
    (void)arg;
    shared[2] = 7; // RACE
    return NULL;
}

int main(void)
{
    int *own = malloc(8 * sizeof *own);
    int *block = malloc(8 * sizeof *block);
    if (!own || !block)
        return 1;
    for (int i = 0; i < 8; i++)
        own[i] = i;
    shared = block;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    block[2] = own[3]; // RACE
    pthread_join(t, NULL);
    printf("%d\n", block[2]);
    free(own);
    free(block);
    return 0;
}
