/* racy twin of int_hash_index_norace: the worker also writes the counter whose address it hashed, which main writes unordered */
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
    counter = 2; // RACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    counter = 5; // RACE
    pthread_join(t, 0);
    return slots[slot_of(&counter)] > 1;
}
