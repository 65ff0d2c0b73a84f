/* A thread reaches its own record's field by adding the field's offset to the record's address as an integer and casting back; each thread gets a different record: race-free. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct rec {
    int id;
    int score;
};

static struct rec recs[2];

static void *score(void *arg)
{
    uintptr_t base = (uintptr_t)arg;
    int *sp = (int *)(base + offsetof(struct rec, score));
    *sp += 5; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, score, &recs[0]);
    pthread_create(&b, NULL, score, &recs[1]);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return recs[0].score + recs[1].score != 10; // NORACE
}
