/* Threads bump two global counters under a wrapped heap mutex, but the join loop stops one short, so main reads the counters while the last thread may still update them: racy. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct thr { pthread_t handle; void (*start)(void *); void *args; } *thr_t;

static void *thr_entry(void *p)
{
    thr_t t = p;
    t->start(t->args);
    return NULL;
}

static int thr_create(void (*start)(void *), void *args, thr_t *out)
{
    thr_t t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->start = start;
    t->args = args;
    if (pthread_create(&t->handle, NULL, thr_entry, t) != 0) {
        free(t);
        return 0;
    }
    *out = t;
    return 1;
}

static int thr_join(thr_t t)
{
    if (pthread_join(t->handle, NULL) != 0)
        return 0;
    free(t);
    return 1;
}

typedef struct lk { pthread_mutex_t mutex; } *lk_t;
static lk_t lk_create(void)
{
    lk_t l = malloc(sizeof *l);
    if (l && pthread_mutex_init(&l->mutex, NULL) != 0) {
        free(l);
        l = NULL;
    }
    return l;
}

static void lk_acquire(lk_t l) { pthread_mutex_lock(&l->mutex); }
static void lk_release(lk_t l) { pthread_mutex_unlock(&l->mutex); }

#define N 4

static lk_t lock;
static long hits;
static long misses;

static void work(void *p)
{
    int id = *(int *)p;
    for (int k = 0; k < 8; k++) {
        lk_acquire(lock);
        if ((k + id) % 3)
            hits++; // RACE
        else
            misses++; // RACE
        lk_release(lock);
    }
}

int main(void)
{
    static int ids[N];
    thr_t thr[N];
    int i;

    lock = lk_create();
    if (!lock)
        return 1;
    for (i = 0; i < N; i++) {
        ids[i] = i; // NORACE
        if (!thr_create(work, &ids[i], &thr[i]))
            return 1;
    }
    for (i = 0; i < N - 1; i++)
        thr_join(thr[i]);
    printf("%ld %ld\n", hits, misses); // RACE
    return 0;
}
