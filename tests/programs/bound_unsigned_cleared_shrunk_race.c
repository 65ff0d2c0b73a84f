/* An unsigned count in a struct cleared by memset bounds size_t create and join loops, but main passes the struct to a function that lowers the count before the join loop: the last worker is never joined and its write races with main's read. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct settings { unsigned nthreads; unsigned flags; };

static void shrink(struct settings *s)
{
    if (s->nthreads > 1)
        s->nthreads--;
}

static void *square(void *p)
{
    double *d = p;
    *d = *d * *d; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    struct settings set;
    memset(&set, 0, sizeof set);
    set.nthreads = (unsigned)argc + 2u;
    if (set.nthreads > 8)
        set.nthreads = 8;
    unsigned n = set.nthreads;
    double vals[8] = { 0 };
    pthread_t tid[8];
    for (size_t i = 0; i < set.nthreads; i++) {
        vals[i] = (double)i; // NORACE
        pthread_create(&tid[i], NULL, square, &vals[i]);
    }
    shrink(&set);
    for (size_t i = 0; i < set.nthreads; i++)
        pthread_join(tid[i], NULL);
    double total = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        total += vals[i]; // RACE
    printf("%f\n", total);
    return 0;
}
