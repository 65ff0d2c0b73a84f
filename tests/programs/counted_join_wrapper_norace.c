/* Workers started through a create wrapper that allocates each thread's
 * handle, by a function that starts two and joins both, called twice:
 * every instance of the one thread the wrapper creates is joined before
 * the function returns (two joins of two instances: joining one thread
 * twice is undefined), so main's read after it runs alone. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
    pthread_t id;
    void (*run)(void *);
    void *arg;
};

static int total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *start(void *p)
{
    struct worker *w = p;
    w->run(w->arg);
    return NULL;
}

static void worker_start(void (*run)(void *), void *arg, struct worker **out)
{
    struct worker *w = malloc(sizeof *w);
    if (!w)
        exit(1);
    w->run = run;
    w->arg = arg;
    if (pthread_create(&w->id, NULL, start, w) != 0)
        exit(1);
    *out = w;
}

static void worker_join(struct worker *w)
{
    pthread_join(w->id, NULL);
}

static void add(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&total_lock);
    total += 2; // NORACE
    pthread_mutex_unlock(&total_lock);
}

static void report(void *arg)
{
    pthread_mutex_lock(&total_lock);
    *(int *)arg = 1; // NORACE
    pthread_mutex_unlock(&total_lock);
}

static int round_of_two(void)
{
    int done = 0;
    struct worker *a, *b;
    worker_start(add, NULL, &a);
    worker_start(report, &done, &b);
    worker_join(a);
    worker_join(b);
    free(a);
    free(b);
    return done; // NORACE
}

int main(void)
{
    int rounds = round_of_two() + round_of_two();
    printf("%d %d\n", rounds, total); // NORACE
    return 0;
}
