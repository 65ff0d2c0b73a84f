/* The counter reached through integer arithmetic is updated before the lock is taken: a race. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct hdr {
    pthread_mutex_t m;
    long uses;
};

static struct hdr shared_hdr = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void *use(void *arg)
{
    uintptr_t raw = (uintptr_t)arg;
    pthread_mutex_t *m = (pthread_mutex_t *)(raw + offsetof(struct hdr, m));
    long *uses = (long *)((char *)raw + offsetof(struct hdr, uses));
    *uses += 1; // RACE
    pthread_mutex_lock(m);
    pthread_mutex_unlock(m);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, use, &shared_hdr);
    pthread_create(&b, NULL, use, &shared_hdr);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return shared_hdr.uses != 2; // NORACE
}
