/* A counter behind a null test of a parameter that every call passes a string literal: the branch never runs, so the threads never touch the counter. */
#include <pthread.h>

struct item { int id; char name[16]; };

static int unnamed;

static void item_init(struct item *it, const char *name)
{
    it->id = 0;
    if (name == NULL) {
        unnamed++; // NORACE
        it->id = unnamed; // NORACE
    } else {
        it->name[0] = name[0];
    }
}

static void *worker(void *arg)
{
    struct item it;
    (void)arg;
    item_init(&it, "worker");
    return (void *)(long)it.name[0];
}

int main(void)
{
    pthread_t a, b;
    struct item first;
    item_init(&first, "main");
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return first.id;
}
