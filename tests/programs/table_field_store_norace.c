/* a pointer stored into a large array field at a variable index stays in that array: the struct's other pointer field still points only to its own block, so main's config write and the worker's slot writes touch different blocks */
#include <pthread.h>
#include <stdlib.h>

struct server {
    int *config;
    int *slots[100];
    int nslots;
};

static void *worker(void *arg)
{
    struct server *s = arg;
    for (int i = 0; i < s->nslots; i++)
        *s->slots[i] = i; // NORACE
    return 0;
}

int main(void)
{
    static struct server s;
    s.config = malloc(sizeof *s.config);
    if (!s.config)
        return 1;
    s.nslots = 4;
    for (int i = 0; i < s.nslots; i++)
        s.slots[i] = malloc(sizeof *s.slots[i]);
    pthread_t t;
    pthread_create(&t, 0, worker, &s);
    *s.config = 5; // NORACE
    pthread_join(t, 0);
    int r = *s.slots[3] + *s.config - 8; // NORACE
    for (int i = 0; i < s.nslots; i++)
        free(s.slots[i]);
    free(s.config);
    return r;
}
