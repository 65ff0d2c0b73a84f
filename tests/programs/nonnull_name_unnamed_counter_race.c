/* Like nonnull_name_unnamed_counter_norace, but the workers pass on the name they were started with, which is null: both increment the counter. */
#include <pthread.h>

struct item { int id; char name[16]; };

static int unnamed;

static void item_init(struct item *it, const char *name)
{
    it->id = 0;
    if (name == NULL) {
        unnamed++; // RACE
        it->id = unnamed; // RACE
    } else {
        it->name[0] = name[0];
    }
}

static void *worker(void *arg)
{
    struct item it;
    item_init(&it, arg);
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
