/* A function that starts one worker of its own and returns its heap
 * handle, or NULL when it could not create it (the handle freed), called
 * from a loop of rounds: each round joins the worker only when the handle
 * is not NULL.  A NULL handle is returned only where no thread was made,
 * so every round ends with its worker joined and the rounds never
 * overlap: the worker's unlocked update of the round counter is safe. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    pthread_t th;
    int round;
};

static int rounds_done;

static void *round_worker(void *arg)
{
    struct job *j = arg;
    rounds_done += j->round; // NORACE
    return NULL;
}

static struct job *start_round(int round)
{
    struct job *j = malloc(sizeof *j);
    if (j == NULL)
        return NULL;
    j->round = round;
    if (pthread_create(&j->th, NULL, round_worker, j) != 0) {
        free(j);
        return NULL;
    }
    return j;
}

static void finish_round(struct job *j)
{
    pthread_join(j->th, NULL);
    free(j);
}

int main(void)
{
    for (int r = 1; r <= 3; r++) {
        struct job *j = start_round(r);
        if (j != NULL)
            finish_round(j);
    }
    printf("%d\n", rounds_done); // NORACE
    return 0;
}
