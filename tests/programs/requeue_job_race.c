/* Racy twin of requeue_job_norace: the worker counts one more step into
 * the job after pushing it back, when another worker may already have
 * popped it and be updating it. */
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
        j->acc += j->steps; // RACE
        j->steps--; // NORACE
        if (j->steps > 0) // NORACE
            give(j), j->acc++; // RACE
        else
            free(j); // RACE
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
