/* A helper starts one worker on a block of its own, joins it, and frees
 * the block; it is called twice.  The worker adds to a plain global: the
 * two workers never run at the same time (the second is created only
 * after the first was joined; a create that fails starts nothing), and
 * main reads the global after both. */
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
    total += t->amount; // NORACE
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
    pthread_join(t->id, NULL);
    free(t);
}

int main(void)
{
    run_task(1);
    run_task(2);
    printf("%d\n", total); // NORACE
    return 0;
}
