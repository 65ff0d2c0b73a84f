/* Two jobs, each naming its own counter, are handed to two workers; after joining the workers, main grows each job's block through one shared realloc wrapper.  realloc copies the old block into the new one only: the first job's block never receives the second job's counter, so the workers touch different counters. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    int *count;
    int id;
};

static int count_a, count_b;

static void *grow(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q)
        abort();
    return q;
}

static void *work_a(void *arg)
{
    struct job *j = arg;
    *j->count += j->id; // NORACE
    return NULL;
}

static void *work_b(void *arg)
{
    struct job *j = arg;
    *j->count += j->id; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t ta, tb;
    struct job *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (!a || !b)
        return 1;
    a->count = &count_a, a->id = 1;
    b->count = &count_b, b->id = 2;
    pthread_create(&ta, NULL, work_a, a);
    pthread_create(&tb, NULL, work_b, b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    a = grow(a, 2 * sizeof *a);
    b = grow(b, 2 * sizeof *b);
    printf("%d %d %d\n", count_a, count_b, a->id + b->id);
    free(a);
    free(b);
    return 0;
}
