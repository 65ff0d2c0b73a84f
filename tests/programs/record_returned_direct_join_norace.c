/* A thread wrapper returns its heap handle (null when it failed); main joins each handle directly with pthread_join on the handle field and frees it: the total is read after both: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { pthread_t handle; void (*start)(void *); void *args; } *std_thread;
typedef struct { pthread_mutex_t mutex; } *std_lock;

static void *std_entry(void *p)
{
    std_thread t = (std_thread)p;
    t->start(t->args); // NORACE
    return NULL;
}

static std_thread std_create(void (*start)(void *), void *args)
{
    std_thread t;
    t = (std_thread)malloc(sizeof(*t));
    if (t == NULL)
        return NULL;
    t->start = start; // NORACE
    t->args = args; // NORACE
    if (pthread_create(&t->handle, NULL, std_entry, t) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

static std_lock total_lock;
static int total;

static void add_one(void *args)
{
    (void)args;
    pthread_mutex_lock(&total_lock->mutex); // NORACE
    total = total + 1; // NORACE
    pthread_mutex_unlock(&total_lock->mutex); // NORACE
}

int main(void)
{
    std_thread a = NULL, b = NULL;
    total_lock = (std_lock)malloc(sizeof(*total_lock)); // NORACE
    if (total_lock == NULL) // NORACE
        return 0;
    pthread_mutex_init(&total_lock->mutex, NULL); // NORACE
    a = std_create(add_one, NULL);
    b = std_create(add_one, NULL);
    if (a) {
        pthread_join(a->handle, NULL); // NORACE
        free(a); // NORACE
    }
    if (b) {
        pthread_join(b->handle, NULL); // NORACE
        free(b); // NORACE
    }
    printf("%d\n", total); // NORACE
    return 0;
}
