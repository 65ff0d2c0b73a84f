/* Two threads, started through a create wrapper that copies a local handle into its heap record, each get a heap block of their own; the second starts only after the first is joined, and both write an unlocked global: race-free. */
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

static int last;

static void work(void *p)
{
    int *blk = (int *)p;
    blk[0] = blk[1] * 2; // NORACE
    last = blk[0]; // NORACE
}

int main(void)
{
    int *x = (int *)malloc(2 * sizeof(int)), *y = (int *)malloc(2 * sizeof(int));
    task_t t;

    if (!x || !y)
        return 1;
    x[1] = 1; // NORACE
    y[1] = 2; // NORACE
    if (task_create(work, x, &t) && !task_join(t))
        return 1;
    if (task_create(work, y, &t) && !task_join(t))
        return 1;
    printf("%d %d %d\n", x[0], y[0], last); // NORACE
    free(x);
    free(y);
    return 0;
}
