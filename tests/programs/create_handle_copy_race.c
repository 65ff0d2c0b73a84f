/* Racy twin of create_handle_copy_norace: the function tests the record
 * but never joins its worker, so its doubling of the counter races with
 * the worker's locked add (and main's read with both workers). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct thread_rec {
    pthread_t th;
    int joined;
};

static long events;
static pthread_mutex_t events_lock = PTHREAD_MUTEX_INITIALIZER;

static void *event_worker(void *arg)
{
    pthread_mutex_lock(&events_lock);
    events += (long)(size_t)arg; // RACE
    pthread_mutex_unlock(&events_lock);
    return NULL;
}

static struct thread_rec *wrap(pthread_t t)
{
    struct thread_rec *r = malloc(sizeof *r);
    if (r == NULL)
        exit(1);
    r->th = t;
    r->joined = 0;
    return r;
}

static struct thread_rec *spawn(void *(*fn)(void *), void *arg)
{
    pthread_t t;
    struct thread_rec *r = NULL;
    if (pthread_create(&t, NULL, fn, arg))
        r = NULL;
    else
        r = wrap(t);
    return r;
}

static int reap(struct thread_rec *r)
{
    if (pthread_join(r->th, NULL) != 0)
        return 0;
    r->joined = 1;
    return 1;
}

static void batch(long n)
{
    struct thread_rec *r = spawn(event_worker, (void *)(size_t)n);
    if (r)
        events *= 2; // RACE
    free(r);
}

int main(void)
{
    batch(1);
    batch(2);
    printf("%ld\n", events); // RACE
    return 0;
}
