/* Slots in a global array of structs hold each thread's handle, id and heap block; the join loop stops one short, so main reads and frees the last thread's block while it may still run: a race on that block. */
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
        s->d->hits++; // RACE
        s->d->total += s->id; // RACE
    }
    return NULL;
}

int main(void)
{
    int i;
    for (i = 0; i < N; i++) {
        arr[i].id = i; // NORACE
        arr[i].d = calloc(1, sizeof(struct data)); // NORACE
        pthread_create(&arr[i].t, NULL, fn, &arr[i]);
    }
    for (i = 0; i < N - 1; i++)
        pthread_join(arr[i].t, NULL);
    long sum = 0;
    for (i = 0; i < N; i++) {
        sum += arr[i].d->hits; // RACE
        sum += arr[i].d->total; // RACE
    }
    printf("%ld\n", sum);
    return 0;
}
