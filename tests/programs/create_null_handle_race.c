/* Racy twin of create_null_handle_norace: the caller tests the handle
 * but never joins it, so its write races with the worker's locked add and
 * with the second phase's worker (main's read too). */
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
    total++; // RACE
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
    if (h)
        total += 10; // RACE
}

int main(void)
{
    phase(1);
    phase(2);
    printf("%d\n", total); // RACE
    return 0;
}
