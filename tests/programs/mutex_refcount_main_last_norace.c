/* Main and two workers share a pool under a reference count: whoever drops the count to zero under the lock destroys the mutex and frees the pool, after every other user's unlock. */
#include <pthread.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t lock;
    int refs;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock); // NORACE
    int last = --p->refs == 0; // NORACE
    pthread_mutex_unlock(&p->lock); // NORACE
    if (last) {
        pthread_mutex_destroy(&p->lock); // NORACE
        free(p); // NORACE
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    struct pool *p = malloc(sizeof *p);
    if (!p)
        return 0;
    pthread_mutex_init(&p->lock, NULL); // NORACE
    p->refs = 3; // NORACE
    pthread_create(&a, NULL, worker, p);
    pthread_create(&b, NULL, worker, p);
    pthread_mutex_lock(&p->lock); // NORACE
    int last = --p->refs == 0; // NORACE
    pthread_mutex_unlock(&p->lock); // NORACE
    if (last) {
        pthread_mutex_destroy(&p->lock); // NORACE
        free(p); // NORACE
    }
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
