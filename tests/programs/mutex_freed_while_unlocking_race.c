/* the worker publishes "done" under the pool's lock and unlocks afterwards; main waits for "done" with no lock (an atomic load), then destroys the mutex and frees the pool while the worker may still be inside its unlock: a race on the mutex's memory */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t lock;
    atomic_int done;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock); // RACE
    atomic_store(&p->done, 1);
    pthread_mutex_unlock(&p->lock); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    struct pool *p = malloc(sizeof *p);
    if (!p)
        return 0;
    pthread_mutex_init(&p->lock, NULL);
    atomic_init(&p->done, 0);
    pthread_create(&t, NULL, worker, p);
    for (int i = 0; i < 1000000 && !atomic_load(&p->done); i++)
        ;
    pthread_mutex_destroy(&p->lock); // RACE
    free(p); // RACE
    pthread_join(t, NULL);
    return 0;
}
