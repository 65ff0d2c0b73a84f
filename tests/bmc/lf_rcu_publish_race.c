/* RCU-style publication done too early: the writer publishes the new block before it sets one field, so a reader that took the block reads that field while it is written (racy). */
#include <pthread.h>
#include <stdlib.h>

struct conf {
    int size, mode;
};

static struct conf first = {1, 1};
static struct conf *current = &first;

static void *writer(void *arg)
{
    struct conf *n = malloc(sizeof *n);
    (void)arg;
    if (!n)
        return NULL;
    n->size = 2; // NORACE
    __atomic_store_n(&current, n, __ATOMIC_RELEASE);
    n->mode = 3; // RACE
    return NULL;
}

static void *reader(void *arg)
{
    struct conf *c = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    int size = c->size; // NORACE
    int mode = c->mode; // RACE
    (void)arg;
    return (void *)(size_t)(size + mode);
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(r, NULL);
    pthread_join(w, NULL);
    struct conf *last = current; // NORACE
    if (last != &first)
        free(last);
    return 0;
}
