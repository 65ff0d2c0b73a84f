/* Workers pop a job from a locked list, do one step of it without the
 * lock and push it back under the lock while steps remain (a requeue),
 * freeing it after its last step.  A popped job is in no list until it is
 * pushed back, and the worker touches it no more after that: the next
 * step is another pop's, so the unlocked updates never meet. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    struct job *next;
    int steps;
    int acc;
};

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static struct job *head;

static struct job *take(void)
{
    pthread_mutex_lock(&qlock);
    struct job *j = head;
    if (j)
        head = j->next;
    pthread_mutex_unlock(&qlock);
    return j;
}

static void give(struct job *j)
{
    pthread_mutex_lock(&qlock);
    j->next = head;
    head = j;
    pthread_mutex_unlock(&qlock);
}

static void *worker(void *arg)
{
    (void)arg;
    struct job *j;
    while ((j = take()) != NULL) {
        j->acc += j->steps; // NORACE
        j->steps--; // NORACE
        if (j->steps > 0) // NORACE
            give(j);
        else
            free(j);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 4; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            exit(1);
        j->steps = i + 1;
        j->acc = 0;
        j->next = head;
        head = j;
    }
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("done\n");
    return 0;
}
