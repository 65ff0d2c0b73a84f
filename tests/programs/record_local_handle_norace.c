/* A thread wrapper creates into a local handle and copies it into the heap record afterwards; a lock wrapper allocates the lock; run from a function main calls: the global is updated under the lock and read after the joins: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { pthread_t handle; void (*start)(void *); void *args; } *th_t;
typedef struct { pthread_mutex_t mutex; } *lk_t;

static void *th_entry(void *p)
{
    th_t t = (th_t)p;
    t->start(t->args); // NORACE
    pthread_exit(NULL);
}

static int th_create(void (*start)(void *), void *args, th_t *out)
{
    pthread_t handle;
    th_t t;
    *out = NULL;
    t = (th_t)malloc(sizeof(*t));
    if (t == NULL)
        return 0;
    t->start = start; // NORACE
    t->args = args; // NORACE
    if (pthread_create(&handle, NULL, th_entry, t) != 0) {
        free(t);
        return 0;
    }
    t->handle = handle; // NORACE
    *out = t;
    return 1;
}

static int th_join(th_t t) { void *dummy; return pthread_join(t->handle, &dummy) == 0; } // NORACE
static void th_destroy(th_t t) { free(t); } // NORACE
static int lk_create(lk_t *out)
{
    lk_t l = (lk_t)malloc(sizeof(*l));
    *out = NULL;
    if (l == NULL || pthread_mutex_init(&l->mutex, NULL) != 0) // NORACE
        return 0;
    *out = l;
    return 1;
}

static void lk_acquire(lk_t l) { pthread_mutex_lock(&l->mutex); }
static void lk_release(lk_t l) { pthread_mutex_unlock(&l->mutex); }
static lk_t good_lock;
static int good_int;

static void helper_good(void *args)
{
    (void)args;
    lk_acquire(good_lock); // NORACE
    good_int = good_int + 1; // NORACE
    lk_release(good_lock); // NORACE
}

static void good1(void)
{
    th_t a = NULL, b = NULL;
    if (!lk_create(&good_lock))
        return;
    if (!th_create(helper_good, NULL, &a))
        a = NULL;
    if (!th_create(helper_good, NULL, &b))
        b = NULL;
    if (a && th_join(a))
        th_destroy(a);
    if (b && th_join(b))
        th_destroy(b);
    printf("%d\n", good_int); // NORACE
}

int main(void)
{
    good1();
    return 0;
}
