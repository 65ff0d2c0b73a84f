/* GNU C that gcc 12 accepts and clang 16 does not, around a total that a mutex protects: no race */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void pool_free(void *p) __attribute__((access(read_write, 1)));
void *pool_alloc(size_t n) __attribute__((malloc(pool_free, 1), alloc_size(1)));

struct stats {
    char tag[4] __attribute__((nonstring));
    _Float128 sum;
    _Float32x scale;
    unsigned __int128 events;
    atomic_int done;
};

static struct stats *st;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void pool_free(void *p) { free(p); }
void *pool_alloc(size_t n) { return calloc(1, n); }

static int positive(int x)
{
    __attribute__((assume(x > 0)));
    return x;
}

static void *worker(void *arg)
{
    int k = positive(*(int *)arg);
    pthread_mutex_lock(&lock);
    st->sum += (_Float128)k * st->scale; // NORACE
    pthread_mutex_unlock(&lock);
    atomic_fetch_add(&st->done, 1); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int one = 1;
    st = pool_alloc(sizeof *st);
    st->scale = 1.5f32x;
    st->events = (unsigned __int128)1 << 100;
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, &one);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    int ok = atomic_load(&st->done) == 2 && st->sum > 0.0f128;
    pool_free(st);
    return ok ? 0 : 1;
}
