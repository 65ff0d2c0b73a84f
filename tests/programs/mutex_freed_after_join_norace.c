/* workers lock a mutex inside a heap object; main initialises it before the creates and destroys and frees it after the joins: every lock call is ordered with the init, the destroy and the free, and two lock calls never race */
#include <pthread.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t lock;
    int done;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock);
    p->done++; // NORACE
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    struct pool *p = malloc(sizeof *p);
    if (!p)
        return 0;
    pthread_mutex_init(&p->lock, NULL);
    p->done = 0; // NORACE
    pthread_create(&a, NULL, worker, p);
    pthread_create(&b, NULL, worker, p);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_mutex_destroy(&p->lock);
    int done = p->done; // NORACE
    free(p); // NORACE
    return done == 2 ? 0 : 0;
}
