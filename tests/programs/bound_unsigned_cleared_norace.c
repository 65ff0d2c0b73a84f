/* An unsigned count in a struct cleared by memset bounds size_t create and join loops (the count is widened at each reload); nothing writes the struct after the first create, so every worker is joined before main reads the results: race-free. */
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
    *d = *d * *d; // NORACE
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
    for (size_t i = 0; i < set.nthreads; i++)
        pthread_join(tid[i], NULL);
    double total = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        total += vals[i]; // NORACE
    printf("%f\n", total);
    return 0;
}
