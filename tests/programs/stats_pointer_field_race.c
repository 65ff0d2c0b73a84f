/* Two workers share each statistics record (worker i gets record i / 2) and update it without a lock: a race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

struct stats {
    long hits;
    long misses;
};

struct ctx {
    int id;
    struct stats *st;
};

static struct stats stats[N];

static void *work(void *arg)
{
    struct ctx *c = arg;
    struct stats *s = c->st;
    s->hits += c->id; // RACE
    s->misses += 2; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    struct ctx ctx[N];
    long hits = 0, misses = 0;
    for (int i = 0; i < N; i++) {
        ctx[i].id = i; // NORACE
        ctx[i].st = &stats[i / 2]; // NORACE
        pthread_create(&t[i], NULL, work, &ctx[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++) {
        hits += stats[i].hits; // NORACE
        misses += stats[i].misses; // NORACE
    }
    printf("%ld %ld\n", hits, misses);
    return 0;
}
