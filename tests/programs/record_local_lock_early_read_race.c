/* Like record_local_lock_norace, but the creator reads the shared local right after starting the second thread, before any join: it races with the locked updates. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct thr { pthread_t handle; void (*start)(void *); void *args; };
struct shared { pthread_mutex_t mutex; int value; };

static void *thr_entry(void *p)
{
    struct thr *t = (struct thr *)p;
    t->start(t->args); // NORACE
    return NULL;
}

static int thr_create(void (*start)(void *), void *args, struct thr **out)
{
    struct thr *t;
    *out = NULL;
    t = (struct thr *)malloc(sizeof(*t));
    if (t == NULL)
        return 0;
    t->start = start; // NORACE
    t->args = args; // NORACE
    if (pthread_create(&t->handle, NULL, thr_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int thr_join(struct thr *t)
{
    void *dummy;
    if (pthread_join(t->handle, &dummy) != 0) // NORACE
        return 0;
    free(t); // NORACE
    return 1;
}

static void shared_lock(struct shared *s)
{
    if (pthread_mutex_lock(&s->mutex) != 0)
        abort();
}

static void shared_unlock(struct shared *s) { pthread_mutex_unlock(&s->mutex); }

static void helper(void *args)
{
    struct shared *s = (struct shared *)args;
    shared_lock(s);
    s->value = s->value + 1; // RACE
    shared_unlock(s);
}

static void good(void)
{
    struct shared s;
    struct thr *a = NULL, *b = NULL;
    pthread_mutex_init(&s.mutex, NULL);
    s.value = 0; // NORACE
    if (!thr_create(helper, &s, &a))
        a = NULL;
    if (!thr_create(helper, &s, &b))
        b = NULL;
    printf("%d\n", s.value); // RACE
    if (a && !thr_join(a))
        printf("could not join\n");
    if (b && !thr_join(b))
        printf("could not join\n");
    printf("%d\n", s.value); // NORACE
}

int main(void)
{
    good();
    return 0;
}
