/* A helper starts one worker on a block of its own and detaches it
 * instead of joining it; it is called twice.  The two workers add to a
 * plain global at the same time, and main reads it while they run. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task {
    pthread_t id;
    int amount;
};

static int total;

static void *run(void *p)
{
    struct task *t = p;
    total += t->amount; // RACE
    return NULL;
}

static void run_task(int amount)
{
    struct task *t = malloc(sizeof *t);
    if (!t)
        return;
    t->amount = amount;
    if (pthread_create(&t->id, NULL, run, t) != 0) {
        free(t);
        return;
    }
    pthread_detach(t->id);
}

int main(void)
{
    run_task(1);
    run_task(2);
    printf("%d\n", total); // RACE
    return 0;
}
