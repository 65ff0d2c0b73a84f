/* Two heap locks made by one lock wrapper behind two global pointers, each written once before the threads start, guard two counters; wrapper-started threads take the right lock for each: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct job { pthread_t tid; void (*run)(void *); void *arg; } *job_t;

static void *job_entry(void *p)
{
    job_t j = p;
    j->run(j->arg);
    return NULL;
}

static int job_start(void (*run)(void *), void *arg, job_t *out)
{
    job_t j = malloc(sizeof *j);
    if (!j)
        return 0;
    j->run = run;
    j->arg = arg;
    if (pthread_create(&j->tid, NULL, job_entry, j) != 0) {
        free(j);
        return 0;
    }
    *out = j;
    return 1;
}

static int job_wait(job_t j)
{
    if (pthread_join(j->tid, NULL) != 0)
        return 0;
    free(j);
    return 1;
}

typedef struct latch { pthread_mutex_t mu; } *latch_t;

static int latch_make(latch_t *out)
{
    latch_t l = malloc(sizeof *l);
    if (!l)
        return 0;
    pthread_mutex_init(&l->mu, NULL);
    *out = l;
    return 1;
}

static void latch_hold(latch_t l) { pthread_mutex_lock(&l->mu); }
static void latch_free(latch_t l) { pthread_mutex_unlock(&l->mu); }
static void latch_drop(latch_t l) { pthread_mutex_destroy(&l->mu); free(l); }

static latch_t red_lock, blue_lock;
static int red, blue;

static void paint(void *p)
{
    (void)p;
    latch_hold(red_lock);
    red++; // NORACE
    latch_free(red_lock);
    latch_hold(blue_lock);
    blue++; // NORACE
    latch_free(blue_lock);
}

int main(void)
{
    job_t a, b;

    if (!latch_make(&red_lock) || !latch_make(&blue_lock))
        return 1;
    if (!job_start(paint, NULL, &a))
        return 1;
    if (!job_start(paint, NULL, &b))
        return 1;
    job_wait(a);
    job_wait(b);
    printf("%d %d\n", red, blue); // NORACE
    latch_drop(red_lock);
    latch_drop(blue_lock);
    return 0;
}
