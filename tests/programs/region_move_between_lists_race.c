/* Nodes move from a pending list to a done list: the done list's head is written after the list lock is released, so the two movers race on it. */
#include <pthread.h>
#include <stdlib.h>

struct item {
    pthread_mutex_t m;
    int state;
    struct item *next;
};

static pthread_mutex_t lists = PTHREAD_MUTEX_INITIALIZER;
static struct item *pending;
static struct item *done;

static void *mover(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lists);
        struct item *it = pending; // NORACE
        if (it == NULL) {
            pthread_mutex_unlock(&lists);
            return NULL;
        }
        pending = it->next; // NORACE
        it->next = done; // RACE
        pthread_mutex_unlock(&lists);
        done = it; // RACE
        pthread_mutex_lock(&it->m);
        it->state++; // NORACE
        pthread_mutex_unlock(&it->m);
    }
}

int main(void)
{
    for (int i = 0; i < 4; i++) {
        struct item *it = malloc(sizeof *it);
        if (it == NULL)
            return 0;
        pthread_mutex_init(&it->m, NULL);
        it->state = 0; // NORACE
        it->next = pending; // NORACE
        pending = it; // NORACE
    }
    pthread_t a, b;
    pthread_create(&a, NULL, mover, NULL);
    pthread_create(&b, NULL, mover, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
