/* Two threads started through the create wrapper each count in a heap record of their own, joined before the creator reads them; then a loop starts and joins one thread per round on a shared record through one handle: the rounds never overlap, race-free. */
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

typedef struct { int count; int limit; } counter_t;

static void print_line(const char *s) { if (s) printf("%s\n", s); }
static void print_int_line(int n) { printf("%d\n", n); }

static void helper_own(void *args)
{
    counter_t *c = (counter_t *)args;
    while (c->count < c->limit)
        c->count++; // NORACE
}

static void good2(void)
{
    task_t thread_a = NULL, thread_b = NULL;
    counter_t *ca = (counter_t *)malloc(sizeof(counter_t));
    counter_t *cb = (counter_t *)malloc(sizeof(counter_t));
    if (ca == NULL || cb == NULL) {
        free(ca);
        free(cb);
        return;
    }
    ca->count = 0; // NORACE
    ca->limit = 10; // NORACE
    cb->count = 0; // NORACE
    cb->limit = 20; // NORACE
    if (!task_create(helper_own, ca, &thread_a))
        thread_a = NULL;
    if (!task_create(helper_own, cb, &thread_b))
        thread_b = NULL;
    if (thread_a && !task_join(thread_a))
        print_line("Could not join thread");
    if (thread_b && !task_join(thread_b))
        print_line("Could not join thread");
    print_int_line(ca->count + cb->count); // NORACE
    free(ca);
    free(cb);
}

static void good3(void)
{
    static counter_t shared = {0, 5};
    task_t t = NULL;
    int i;
    for (i = 0; i < 2; i++) {
        if (!task_create(helper_own, &shared, &t))
            continue;
        if (!task_join(t))
            print_line("Could not join thread");
    }
    print_int_line(shared.count); // NORACE
}

int main(void)
{
    good2();
    good3();
    return 0;
}
