/* Four workers whose handles sit in a global array and main hold one heap summary counted with atomic_fetch_add(-1); each worker reads the limit into its own argument slot before dropping its reference, and main reads its copy before its own drop: the last drop frees after every holder's accesses, race-free. */
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
    if (atomic_fetch_add(&s->holders, -1) == 1)
        free(s); // NORACE
}

static void *work(void *p)
{
    struct slot_arg *a = p;
    struct summary *s = a->sum;
    a->result = s->limit + a->id; // NORACE
    drop(s);
    return NULL;
}

int main(void)
{
    struct summary *s = calloc(1, sizeof *s);
    if (!s)
        return 1;
    s->limit = 100;
    atomic_init(&s->holders, NWORKERS + 1);
    for (int i = 0; i < NWORKERS; i++) {
        args[i].sum = s;
        args[i].id = i;
        pthread_create(&workers[i], NULL, work, &args[i]);
    }
    int limit = s->limit; // NORACE
    drop(s);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(workers[i], NULL);
    printf("%d\n", limit);
    return 0;
}
