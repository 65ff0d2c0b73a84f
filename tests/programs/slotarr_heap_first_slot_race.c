/* A heap array of slots with a block each, but every thread is given the first slot: all threads count into one block without a lock: a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 3

struct counts { long even, odd; };
struct slot { int id; pthread_t tid; struct counts *c; };

static void *count(void *p)
{
    struct slot *me = p;
    for (int k = 0; k < 10; k++) {
        if ((k + me->id) % 2) // NORACE
            me->c->odd++; // RACE
        else
            me->c->even++; // RACE
    }
    return NULL;
}

int main(void)
{
    struct slot *arr = calloc(N, sizeof *arr);
    long sum = 0;
    if (!arr)
        return 1;
    for (int i = 0; i < N; i++) {
        arr[i].id = i; // NORACE
        arr[i].c = calloc(1, sizeof(struct counts)); // NORACE
        pthread_create(&arr[i].tid, NULL, count, &arr[0]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(arr[i].tid, NULL);
    for (int i = 0; i < N; i++) {
        sum += arr[i].c->even; // NORACE
        sum += arr[i].c->odd; // NORACE
    }
    printf("%ld\n", sum);
    return 0;
}
