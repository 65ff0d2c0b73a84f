/* A claim flag checked with an atomic load and set with a separate atomic store: two threads can both see it free and both write the slot (racy). */
#include <pthread.h>
#include <stddef.h>

static int claimed;
static int slot;

static void *worker(void *arg)
{
    if (__atomic_load_n(&claimed, __ATOMIC_SEQ_CST) == 0) {
        __atomic_store_n(&claimed, 1, __ATOMIC_SEQ_CST);
        slot = (int)(size_t)arg; // RACE
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return slot == 0; // NORACE
}
