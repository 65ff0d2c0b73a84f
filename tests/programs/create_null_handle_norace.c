/* A create wrapper that allocates the thread's handle and returns NULL
 * when pthread_create fails, called by a function that runs twice: the
 * caller joins only a non-null handle, so on the path where the wrapper
 * returned NULL no thread was created, and on the other it is joined; the
 * function's write and main's read after it run alone. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct handle {
    pthread_t th;
    int id;
};

static int total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&total_lock);
    total++; // NORACE
    pthread_mutex_unlock(&total_lock);
    return NULL;
}

static struct handle *thread_start(void *(*fn)(void *), void *arg, int id)
{
    struct handle *h = malloc(sizeof *h);
    if (!h)
        exit(1);
    h->id = id;
    if (pthread_create(&h->th, NULL, fn, arg)) {
        free(h);
        h = NULL;
    }
    return h;
}

static int thread_join(struct handle *h)
{
    int r = pthread_join(h->th, NULL);
    free(h);
    return r == 0;
}

static void phase(int id)
{
    struct handle *h = thread_start(worker, NULL, id);
    if (h && thread_join(h))
        total += 10; // NORACE
}

int main(void)
{
    phase(1);
    phase(2);
    printf("%d\n", total); // NORACE
    return 0;
}
