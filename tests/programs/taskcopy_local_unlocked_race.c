/* Threads started through a create wrapper that copies a local handle into its heap record bump their creator's local without taking the heap lock they release: race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct task { pthread_t handle; void (*start)(void *); void *args; } *task_t;

static void *task_trampoline(void *p)
{
    task_t t = (task_t)p;
    t->start(t->args);
    pthread_exit(NULL);
}

static int task_create(void (*start)(void *), void *args, task_t *out)
{
    pthread_t handle;
    task_t t;
    *out = NULL;
    t = (task_t)malloc(sizeof(*t));
    if (t == NULL)
        return 0;
    t->start = start;
    t->args = args;
    if (pthread_create(&handle, NULL, task_trampoline, t) != 0) {
        free(t);
        return 0;
    }
    t->handle = handle;
    *out = t;
    return 1;
}

static int task_join(task_t t)
{
    void *ignored;
    if (pthread_join(t->handle, &ignored) != 0)
        return 0;
    free(t);
    return 1;
}

typedef struct latch { pthread_mutex_t mu; } *latch_t;

static int latch_make(latch_t *out)
{
    latch_t l = malloc(sizeof *l);
    if (!l)
        return 0;
    pthread_mutex_init(&l->mu, NULL);
    *out = l;
    return 1;
}

static void latch_hold(latch_t l) { pthread_mutex_lock(&l->mu); }
static void latch_free(latch_t l) { pthread_mutex_unlock(&l->mu); }
static void latch_drop(latch_t l) { pthread_mutex_destroy(&l->mu); free(l); }

static latch_t guard;

static void bump(void *p)
{
    int *v = (int *)p;
    latch_hold(guard);
    latch_free(guard);
    *v = *v + 1; // RACE
}

static void good_pair(void)
{
    int val = 0;
    task_t a = NULL, b = NULL;

    if (!latch_make(&guard))
        return;
    if (!task_create(bump, &val, &a))
        a = NULL;
    if (!task_create(bump, &val, &b))
        b = NULL;
    if (a && !task_join(a))
        printf("join failed\n");
    if (b && !task_join(b))
        printf("join failed\n");
    printf("%d\n", val); // NORACE
    latch_drop(guard);
}

int main(void)
{
    good_pair();
    return 0;
}
