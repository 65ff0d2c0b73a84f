/* a slot index hashed from a shared object's address is a number, not that object: the worker's slot write does not touch main's counter */
#include <pthread.h>
#include <stdint.h>

static int counter;
static int slots[16];

static unsigned slot_of(const void *key)
{
    return (unsigned)((uintptr_t)key >> 4) % 16u;
}

static void *worker(void *arg)
{
    (void)arg;
    unsigned i = slot_of(&counter);
    slots[i] = 1; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    counter = 5; // NORACE
    pthread_join(t, 0);
    return slots[slot_of(&counter)] + counter - 6; // NORACE
}
