/* The create and join loops are bounded by a field of one element of a global array of structs (a constant address); workers only read that field, and main writes it only before the first create: every worker is joined before main reads the results: race-free. */
#include <pthread.h>
#include <stdio.h>

struct group { int n; int weight; };

static struct group groups[2];
static pthread_t handles[8];
static int partial[8];

static void *member(void *p)
{
    int k = (int)(long)p;
    int w = groups[1].n; // NORACE
    partial[k] = k * w; // NORACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    groups[0].n = 1;
    groups[1].n = argc % 4 + 4;
    groups[1].weight = 2;
    for (long i = 0; i < groups[1].n; i++) // NORACE
        pthread_create(&handles[i], NULL, member, (void *)i);
    for (long i = 0; i < groups[1].n; i++) // NORACE
        pthread_join(handles[i], NULL);
    int sum = 0;
    for (int i = 0; i < 8; i++)
        sum += partial[i]; // NORACE
    printf("%d %d\n", sum, groups[1].weight);
    return 0;
}
