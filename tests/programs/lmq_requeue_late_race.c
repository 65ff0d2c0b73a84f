/* A worker pops a job, pushes it back under the lock and then updates it once more without the lock, while the other worker may have popped it again: a race on the job. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job { struct job *next; int rounds; };

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct job *head;

static void push(struct job *j)
{
    pthread_mutex_lock(&mu);
    j->next = head; // NORACE
    head = j; // NORACE
    pthread_mutex_unlock(&mu);
}

static struct job *pop(void)
{
    pthread_mutex_lock(&mu);
    struct job *j = head; // NORACE
    if (j)
        head = j->next; // NORACE
    pthread_mutex_unlock(&mu);
    return j;
}

static void *worker(void *arg)
{
    (void)arg;
    struct job *j = pop();
    if (!j)
        return NULL;
    j->rounds++; // RACE
    push(j);
    j->rounds++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    struct job *j = calloc(1, sizeof *j);
    if (!j)
        return 1;
    push(j);
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", j->rounds); // NORACE
    free(j);
    return 0;
}
