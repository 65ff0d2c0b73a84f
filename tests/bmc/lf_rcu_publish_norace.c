/* RCU-style publication: the writer fills a new block with plain writes and publishes it with a release exchange; the reader takes the current block with an acquire load and reads its fields; blocks are freed after the joins (race-free). */
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
    n->mode = 3; // NORACE
    __atomic_store_n(&current, n, __ATOMIC_RELEASE);
    return NULL;
}

static void *reader(void *arg)
{
    struct conf *c = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    int size = c->size; // NORACE
    int mode = c->mode; // NORACE
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
