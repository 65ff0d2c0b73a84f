/* main copies a parsed configuration struct into a working copy that bounds the create and join loops, but copies a fallback over it before the join loop: only the first worker is joined and the others' updates race with main's reads. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct conf { int count; int step; long pad[4]; };

struct cell { long value; int step; };

static void *fill(void *p)
{
    struct cell *c = p;
    c->value += c->step; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    struct conf parsed = { .count = argc > 1 ? atoi(argv[1]) : 3, .step = 5 };
    struct conf fallback = { .count = 1, .step = 1 };
    if (parsed.count < 1 || parsed.count > 6)
        return 1;
    struct conf use = parsed;
    int n = use.count;
    struct cell cells[6];
    pthread_t t[6];
    for (int i = 0; i < use.count; i++) {
        cells[i].value = i; // NORACE
        cells[i].step = use.step;
        pthread_create(&t[i], NULL, fill, &cells[i]);
    }
    use = fallback;
    for (int i = 0; i < use.count; i++)
        pthread_join(t[i], NULL);
    long sum = fallback.step;
    for (int i = 0; i < n; i++)
        sum += cells[i].value; // RACE
    printf("%ld\n", sum);
    return 0;
}
