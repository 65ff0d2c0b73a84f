/* Like record_destroy_norace, but the second handle is joined only when it is null (never): main reads the total while the second thread may still update it. */
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

static int std_create(void (*start)(void *), void *args, std_thread *out)
{
    std_thread t;
    *out = NULL;
    t = (std_thread)malloc(sizeof(*t));
    if (t == NULL)
        return 0;
    t->start = start; // NORACE
    t->args = args; // NORACE
    if (pthread_create(&t->handle, NULL, std_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int std_join(std_thread t)
{
    void *dummy;
    return pthread_join(t->handle, &dummy) == 0; // NORACE
}

static int std_destroy(std_thread t)
{
    free(t); // NORACE
    return 1;
}

static std_lock total_lock;
static int total;

static void add_one(void *args)
{
    (void)args;
    pthread_mutex_lock(&total_lock->mutex); // NORACE
    total = total + 1; // RACE
    pthread_mutex_unlock(&total_lock->mutex); // NORACE
}

int main(void)
{
    std_thread a = NULL, b = NULL;
    total_lock = (std_lock)malloc(sizeof(*total_lock)); // NORACE
    if (total_lock == NULL) // NORACE
        return 0;
    pthread_mutex_init(&total_lock->mutex, NULL); // NORACE
    if (!std_create(add_one, NULL, &a))
        a = NULL;
    if (!std_create(add_one, NULL, &b))
        b = NULL;
    if (a && std_join(a))
        std_destroy(a);
    if (!b && std_join(b))
        std_destroy(b);
    printf("%d\n", total); // RACE
    return 0;
}
