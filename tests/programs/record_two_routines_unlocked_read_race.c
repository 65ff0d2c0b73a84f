/* Like record_two_routines_norace, but the reader reads the global once more after releasing the lock: it races with the writer. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { pthread_t handle; void (*start)(void *); void *args; } *th_t;
struct lk { pthread_mutex_t mutex; };

static void *th_entry(void *p)
{
    th_t t = (th_t)p;
    t->start(t->args); // NORACE
    pthread_exit(NULL);
}

static int th_create(void (*start)(void *), void *args, th_t *out)
{
    pthread_t handle;
    th_t t = (th_t)malloc(sizeof(*t));
    *out = NULL;
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
static void lk_acquire(struct lk *l) { pthread_mutex_lock(&l->mutex); }
static void lk_release(struct lk *l) { pthread_mutex_unlock(&l->mutex); }

static struct lk good_lock = {PTHREAD_MUTEX_INITIALIZER};
static int good_int;

static void writer(void *args)
{
    (void)args;
    lk_acquire(&good_lock);
    good_int = good_int + 1; // RACE
    lk_release(&good_lock);
}

static void reader(void *args)
{
    int *seen = args;
    lk_acquire(&good_lock);
    *seen = good_int; // NORACE
    lk_release(&good_lock);
    *seen += good_int; // RACE
}

int main(void)
{
    th_t a = NULL, b = NULL;
    int seen = 0; // NORACE
    if (!th_create(writer, NULL, &a))
        a = NULL;
    if (!th_create(reader, &seen, &b))
        b = NULL;
    if (a && th_join(a))
        th_destroy(a);
    if (b && th_join(b))
        th_destroy(b);
    printf("%d %d\n", good_int, seen); // NORACE
    return 0;
}
