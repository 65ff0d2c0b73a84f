/* racy twin of table_field_store_norace: the worker also writes the config block that main writes after creating it, with no lock */
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
    *s->config = 1; // RACE
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
    *s.config = 5; // RACE
    pthread_join(t, 0);
    int r = *s.slots[3] - 3; // NORACE
    for (int i = 0; i < s.nslots; i++)
        free(s.slots[i]);
    free(s.config);
    return r;
}
