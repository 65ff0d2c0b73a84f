/* A wrapper allocates a handle, fills it and starts one thread on it; main calls the wrapper three times and joins: each handle belongs to the thread its call started, race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task {
    int id;
    int steps;
    struct task *next;
};

static struct task idle_task;
static struct task *last_task = &idle_task;

static void *run_task(void *arg)
{
    struct task *t = arg;
    int done = 0;
    while (done < t->steps) // NORACE
        done++;
    t->steps = done + t->id; // NORACE
    return NULL;
}

static pthread_t start_task(int id)
{
    pthread_t th;
    struct task *t = calloc(1, sizeof *t);
    if (!t)
        exit(1);
    t->id = id; // NORACE
    t->steps = 3 * id; // NORACE
    t->next = NULL; // NORACE
    pthread_create(&th, NULL, run_task, t);
    return th;
}

int main(void)
{
    pthread_t th[3];
    for (int i = 0; i < 3; i++)
        th[i] = start_task(i);
    if (last_task) // NORACE
        printf("%d\n", last_task->steps); // NORACE
    for (int i = 0; i < 3; i++)
        pthread_join(th[i], NULL);
    return 0;
}
