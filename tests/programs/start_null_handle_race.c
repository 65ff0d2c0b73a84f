/* Racy twin of start_null_handle_norace: a round joins its worker only
 * when the handle is NULL (never), so the rounds' workers overlap and
 * race on the unlocked counter, and main's read races with them. */
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
    rounds_done += j->round; // RACE
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
        if (j == NULL)
            finish_round(j);
    }
    printf("%d\n", rounds_done); // RACE
    return 0;
}
