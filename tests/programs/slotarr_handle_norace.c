/* An array of slots, each with a thread, an id and a heap block main allocates for it; each thread fills its own slot's block through its argument, and main reads the blocks after joining: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct data { int hits; long total; };
struct slot { pthread_t t; int id; struct data *d; };

static struct slot arr[N];

static void *fn(void *p)
{
    struct slot *s = p;
    for (int k = 0; k < 3; k++) {
        s->d->hits++; // NORACE
        s->d->total += s->id; // NORACE
    }
    return NULL;
}

int main(void)
{
    int i;
    for (i = 0; i < N; i++) {
        arr[i].id = i; // NORACE
        arr[i].d = malloc(sizeof(struct data)); // NORACE
        if (!arr[i].d) // NORACE
            return 1;
        arr[i].d->hits = 0; // NORACE
        arr[i].d->total = 0; // NORACE
        pthread_create(&arr[i].t, NULL, fn, &arr[i]);
    }
    for (i = 0; i < N; i++)
        pthread_join(arr[i].t, NULL);
    for (i = 0; i < N; i++) {
        printf("%d %ld\n", arr[i].d->hits, arr[i].d->total); // NORACE
        free(arr[i].d); // NORACE
    }
    return 0;
}
