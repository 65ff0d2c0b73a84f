/* The loop form of the thread wrapper with a variable number of threads (argc + 3): both the create loop and the join loop run to the same bound, so every thread is joined before main reads the counter: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>


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
    count = count + *weight; // NORACE
    pthread_mutex_unlock(&count_lock);
}

int main(int argc, char **argv)
{
    (void)argv;
    int num = argc + 3;
    th_t threads[num];
    int weight = 2;
    for (int i = 0; i < num; i++)
        if (!th_create(work, &weight, &threads[i]))
            threads[i] = NULL;
    for (int i = 0; i < num; i++)
        if (threads[i] != NULL && th_join(threads[i]))
            th_destroy(threads[i]);
    printf("%d\n", count); // NORACE
    return 0;
}
