/* Racy twin of refcount_global_handles_norace: the count starts at the number of workers, one short of the holders, so the last worker may free the summary while another holder still uses it (and decrements freed memory). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define NWORKERS 4

struct summary {
    _Atomic long holders;
    int limit;
};

struct slot_arg {
    struct summary *sum;
    int id;
    int result;
};

static pthread_t workers[NWORKERS];
static struct slot_arg args[NWORKERS];

static void drop(struct summary *s)
{
    if (atomic_fetch_add(&s->holders, -1) == 1) // RACE
        free(s); // RACE
}

static void *work(void *p)
{
    struct slot_arg *a = p;
    struct summary *s = a->sum;
    a->result = s->limit + a->id; // RACE
    drop(s);
    return NULL;
}

int main(void)
{
    struct summary *s = calloc(1, sizeof *s);
    if (!s)
        return 1;
    s->limit = 100;
    atomic_init(&s->holders, NWORKERS);
    for (int i = 0; i < NWORKERS; i++) {
        args[i].sum = s;
        args[i].id = i;
        pthread_create(&workers[i], NULL, work, &args[i]);
    }
    int limit = s->limit; // RACE
    drop(s);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(workers[i], NULL);
    printf("%d\n", limit);
    return 0;
}
