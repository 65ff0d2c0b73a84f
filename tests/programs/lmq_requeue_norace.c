/* A worker pops a job, updates it without the lock and pushes it back under the lock; another worker may pop it again: every update precedes the push that hands it on: race-free (linear moves follow the job pushed back: it was out of the list until then). */
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
    j->rounds++; // NORACE
    push(j);
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
