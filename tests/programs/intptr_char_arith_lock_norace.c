/* A lock and its counter are reached through char-pointer arithmetic on an integer copy of the object's address (a generic container header): the counter is always updated under that object's lock: race-free. */
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
    pthread_mutex_lock(m);
    *uses += 1; // NORACE
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
