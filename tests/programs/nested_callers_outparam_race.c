/* pair() does not join its second task: it may still add to the total while pair() prints it, run_all() adds to it and main prints it, a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct task { pthread_t tid; int weight; } task;

static long total;

static void *task_main(void *p)
{
    task *t = p;
    total += t->weight; // RACE
    return NULL;
}

static int task_spawn(int weight, task **out)
{
    task *t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->weight = weight;
    if (pthread_create(&t->tid, NULL, task_main, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static void task_join(task *t)
{
    pthread_join(t->tid, NULL);
    free(t);
}

static void pair(void)
{
    task *a, *b;
    if (task_spawn(2, &a))
        task_join(a);
    if (task_spawn(3, &b))
        (void)b;
    printf("%ld\n", total); // RACE
}

static void run_all(void)
{
    task *first;
    if (task_spawn(1, &first))
        task_join(first);
    pair();
    total += 10; // RACE
}

int main(void)
{
    run_all();
    printf("%ld\n", total); // RACE
    return 0;
}
