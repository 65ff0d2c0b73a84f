/* a pointer read from an array field at a variable index is one of that array's elements, never another field: the worker writes only its slot blocks, main only the config block */
#include <pthread.h>
#include <stdlib.h>

struct server {
    int *config;
    int *slots[4];
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
    struct server s;
    s.config = malloc(sizeof *s.config);
    s.nslots = 4;
    for (int i = 0; i < 4; i++)
        s.slots[i] = malloc(sizeof *s.slots[i]);
    if (!s.config)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, &s);
    *s.config = 5; // NORACE
    pthread_join(t, 0);
    int r = *s.slots[3] + *s.config - 8; // NORACE
    for (int i = 0; i < 4; i++)
        free(s.slots[i]);
    free(s.config);
    return r;
}
