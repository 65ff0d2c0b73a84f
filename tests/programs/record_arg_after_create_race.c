/* Like record_counter_norace, but the wrapper writes the record once more after the thread is created: the thread reads that field at the same time. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*job_fn)(void *);
struct job { pthread_t tid; job_fn fn; void *arg; };
struct job_lock { pthread_mutex_t m; };

static void *job_start(void *p)
{
    struct job *t = p;
    t->fn(t->arg); // RACE
    return NULL;
}

static int job_spawn(job_fn fn, void *arg, struct job **out)
{
    struct job *t = malloc(sizeof *t);
    *out = NULL;
    if (t == NULL)
        return 0;
    t->fn = fn; // NORACE
    t->arg = arg; // NORACE
    if (pthread_create(&t->tid, NULL, job_start, t) != 0) {
        free(t);
        return 0;
    }
    t->arg = NULL; // RACE
    *out = t;
    return 1;
}

static int job_wait(struct job *t)
{
    if (pthread_join(t->tid, NULL) != 0) // NORACE
        return 0;
    free(t); // NORACE
    return 1;
}

static void lock_take(struct job_lock *l) { pthread_mutex_lock(&l->m); }
static void lock_give(struct job_lock *l) { pthread_mutex_unlock(&l->m); }

static int counter;
static struct job_lock *counter_lock;

static void bump(void *unused)
{
    (void)unused;
    lock_take(counter_lock); // NORACE
    counter = counter + 1; // NORACE
    lock_give(counter_lock); // NORACE
}

int main(void)
{
    struct job *a = NULL, *b = NULL;
    counter_lock = malloc(sizeof *counter_lock); // NORACE
    if (counter_lock == NULL) // NORACE
        return 0;
    pthread_mutex_init(&counter_lock->m, NULL); // NORACE
    if (!job_spawn(bump, NULL, &a))
        a = NULL;
    if (!job_spawn(bump, NULL, &b))
        b = NULL;
    if (a != NULL)
        job_wait(a);
    if (b != NULL)
        job_wait(b);
    printf("%d\n", counter); // NORACE
    free(counter_lock); // NORACE
    return 0;
}
