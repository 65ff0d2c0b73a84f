/* racy twin of struct_array_slots_norace: one slot is the config block itself, which main writes while the worker writes its slots */
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
        *s->slots[i] = i; // RACE
    return 0;
}

int main(void)
{
    struct server s;
    s.config = malloc(sizeof *s.config);
    s.nslots = 4;
    for (int i = 0; i < 4; i++)
        s.slots[i] = malloc(sizeof *s.slots[i]);
    free(s.slots[2]);
    s.slots[2] = s.config;
    if (!s.config)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, &s);
    *s.config = 5; // RACE
    pthread_join(t, 0);
    int r = *s.slots[3] - 3; // NORACE
    for (int i = 0; i < 4; i++)
        free(s.slots[i]);
    return r;
}
