/* Like record_loop_norace, but main changes the first weight after starting the threads: the first thread reads it at the same time. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NUM 4

typedef struct { pthread_t handle; void (*start)(void *); void *args; } *th_t;

static void *th_entry(void *p)
{
    th_t t = (th_t)p;
    t->start(t->args); // NORACE
    return NULL;
}

static int th_create(void (*start)(void *), void *args, th_t *out)
{
    th_t t = (th_t)malloc(sizeof(*t));
    *out = NULL;
    if (t == NULL)
        return 0;
    t->start = start; // NORACE
    t->args = args; // NORACE
    if (pthread_create(&t->handle, NULL, th_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int th_join(th_t t) { return pthread_join(t->handle, NULL) == 0; } // NORACE
static void th_destroy(th_t t) { free(t); } // NORACE

static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void work(void *args)
{
    int *weight = args;
    pthread_mutex_lock(&count_lock);
    count = count + *weight; // RACE
    pthread_mutex_unlock(&count_lock);
}

int main(void)
{
    th_t threads[NUM];
    int weights[NUM] = {1, 2, 3, 4}; // NORACE
    for (int i = 0; i < NUM; i++)
        if (!th_create(work, &weights[i], &threads[i]))
            threads[i] = NULL;
    weights[0] = 5; // RACE
    for (int i = 0; i < NUM; i++)
        if (threads[i] != NULL && th_join(threads[i]))
            th_destroy(threads[i]);
    printf("%d\n", count); // NORACE
    return 0;
}
