/* main builds a table of heap records before it starts the threads, then
 * makes one slot share another's record; each worker takes every other
 * slot, so the two meet only on that shared record.  The race exists only
 * in the state main built: bmc runs main's prefix concretely
 * (bmc_prefix.c), so the table and records are the threads' initial
 * memory, and the loads of table[i] reach one record each.  The twin
 * without the sharing is prefix_table_alias_norace.c. */
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
        table[i]->hits++; // RACE
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
    table[N - 3] = table[4]; /* an odd slot now holds an even slot's record */
    pthread_create(&a, NULL, worker, (void *)0L);
    pthread_create(&b, NULL, worker, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return table[0]->hits; // NORACE
}
