/* A stack of jobs under one lock: main pushes each fresh job once, each worker pops one with a function returning it (unlinked) and works on it without the lock: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2

struct job { struct job *next; int id; int result; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct job *top;
static struct job *all[N];

static void push(struct job *j)
{
    pthread_mutex_lock(&lock);
    j->next = top; // NORACE
    top = j; // NORACE
    pthread_mutex_unlock(&lock);
}

static struct job *pop(void)
{
    struct job *j;
    pthread_mutex_lock(&lock);
    j = top; // NORACE
    if (j != NULL)
        top = j->next; // NORACE
    pthread_mutex_unlock(&lock);
    return j;
}

static void *worker(void *arg)
{
    struct job *j = pop();
    (void)arg;
    if (j == NULL)
        return NULL;
    j->result = j->id + 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        struct job *j = malloc(sizeof *j);
        if (j == NULL)
            return 1;
        j->id = i; // NORACE
        j->result = 0; // NORACE
        all[i] = j;
        push(j);
    }
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++) {
        printf("%d\n", all[i]->result); // NORACE
        free(all[i]);
    }
    return 0;
}
