/* Thread wrappers with a heap handle per thread; both threads get one heap counter of main as their argument, update it under the lock, and main reads and frees it after joining both: race-free. */
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
    int *cnt = args;
    pthread_mutex_lock(&total_lock->mutex); // NORACE
    *cnt = *cnt + 1; // NORACE
    total = total + 1; // NORACE
    pthread_mutex_unlock(&total_lock->mutex); // NORACE
}

int main(void)
{
    std_thread a = NULL, b = NULL;
    int *cnt = calloc(1, sizeof(int)); // NORACE
    if (cnt == NULL) // NORACE
        return 0;
    total_lock = (std_lock)malloc(sizeof(*total_lock)); // NORACE
    if (total_lock == NULL) // NORACE
        return 0;
    pthread_mutex_init(&total_lock->mutex, NULL); // NORACE
    if (!std_create(add_one, cnt, &a))
        a = NULL;
    if (!std_create(add_one, cnt, &b))
        b = NULL;
    if (a && std_join(a))
        std_destroy(a);
    if (b && std_join(b))
        std_destroy(b);
    printf("%d\n", *cnt); // NORACE
    free(cnt); // NORACE
    return 0;
}
