/* A table of slots in a global array, each with its own mutex, reached
 * through a pointer whose index the program computes: the workers count a
 * slot's hits under its lock, main reads them without it.  The report names
 * the memory and the lock by the global they lie in, not by an address. */
#include <pthread.h>

struct slot {
    pthread_mutex_t lock;
    long hits;
};

struct slot slots[4];

static struct slot *slot_for(long key)
{
    return &slots[key % 4];
}

static void *worker(void *arg)
{
    struct slot *s = slot_for((long)arg);
    pthread_mutex_lock(&s->lock);
    s->hits++; // RACE
    pthread_mutex_unlock(&s->lock);
    return 0;
}

int main(void)
{
    pthread_t t;
    for (int i = 0; i < 4; i++)
        pthread_mutex_init(&slots[i].lock, 0);
    pthread_create(&t, 0, worker, (void *)6L);
    long seen = slot_for(6)->hits; // RACE
    pthread_join(t, 0);
    return seen > 1;
}
