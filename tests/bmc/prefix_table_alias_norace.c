/* prefix_table_alias_race.c without the shared slot: main builds a table of
 * heap records before it starts the threads, each worker takes every other
 * slot, and every slot holds its own record, so no two accesses meet.  bmc
 * runs main's prefix concretely (bmc_prefix.c): the table's loads reach one
 * record each, so the workers' writes never alias. */
#include <pthread.h>
#include <stdlib.h>

#define N 16

struct rec {
    int id;
    int hits;
    struct rec *next;
};

struct rec *table[N];

static void *worker(void *arg)
{
    int me = (int)(long)arg;
    for (int i = me; i < N; i += 2)
        table[i]->hits++; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    for (int i = 0; i < N; i++) {
        struct rec *r = malloc(sizeof *r);
        if (!r)
            return 1;
        r->id = i; // NORACE
        r->hits = 0; // NORACE
        r->next = i ? table[i - 1] : NULL; // NORACE
        table[i] = r; // NORACE
    }
    pthread_create(&a, NULL, worker, (void *)0L);
    pthread_create(&b, NULL, worker, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return table[0]->hits; // NORACE
}
