/* A thread wrapper started in a loop, each run handed the block main just allocated into a table slot and read back from that slot; main reads the blocks after joining every thread: race-free. */
#include <pthread.h>
#include <stdlib.h>

struct task {
    pthread_t th;
    void (*body)(void *);
    void *data;
};

static void *task_main(void *p)
{
    struct task *t = p;
    t->body(t->data);
    return NULL;
}

static int task_spawn(void (*body)(void *), void *data, struct task **out)
{
    struct task *t = malloc(sizeof *t);
    if (!t)
        return -1;
    t->body = body;
    t->data = data;
    if (pthread_create(&t->th, NULL, task_main, t)) {
        free(t);
        return -1;
    }
    *out = t;
    return 0;
}

static void task_finish(struct task *t)
{
    pthread_join(t->th, NULL);
    free(t);
}

struct cell {
    int seed;
    long out;
};

static void square(void *p)
{
    struct cell *c = p;
    c->out = (long)c->seed * c->seed; // NORACE
}

#define COUNT 3

int main(void)
{
    struct cell *cells[COUNT];
    struct task *tasks[COUNT];
    long total = 0;
    for (int i = 0; i < COUNT; i++) {
        cells[i] = calloc(1, sizeof *cells[i]);
        if (!cells[i])
            return 1;
        cells[i]->seed = i + 1; // NORACE
        if (task_spawn(square, cells[i], &tasks[i]))
            return 1;
    }
    for (int i = 0; i < COUNT; i++)
        task_finish(tasks[i]);
    for (int i = 0; i < COUNT; i++)
        total += cells[i]->out; // NORACE
    for (int i = 0; i < COUNT; i++)
        free(cells[i]);
    return total != 14;
}
