/* As unlock_other_field_norace, but the helper unlocks the group's own mutex: the update after the call holds no lock, race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct group {
    pthread_mutex_t m;
    pthread_mutex_t event_m;
    int events;
    int count;
    long total;
};


static void signal_event(struct group *g)
{
    g->events++; // NORACE
    pthread_mutex_unlock(&g->m);
}

static void *worker(void *p)
{
    struct group *g = p;
    pthread_mutex_lock(&g->m);
    g->count++; // NORACE
    signal_event(g);
    g->total += 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    struct group *groups[2];
    for (int i = 0; i < 2; i++) {
        groups[i] = calloc(1, sizeof *groups[i]);
        if (!groups[i])
            return 1;
        pthread_mutex_init(&groups[i]->m, NULL);
        pthread_mutex_init(&groups[i]->event_m, NULL);
    }
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, groups[i % 2]);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%ld %d\n", groups[0]->total + groups[1]->total, groups[0]->events + groups[1]->events); // NORACE
    free(groups[0]);
    free(groups[1]);
    return 0;
}
