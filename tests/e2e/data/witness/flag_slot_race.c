/* A producer hands messages to a consumer through slots of a ring.  The
 * first ones go under a lock and a condition variable; then the producer
 * switches to a fast path: it fills a slot, seals it (a checksum over a
 * table, thousands of accesses), then sets the slot's plain `full` flag,
 * and the consumer polls that flag, sleeping between polls, before it
 * reads the slot.  The flag races, and so does every field of the slot: those are
 * ordered only by the flag's race (the consumer reads them after it saw
 * the flag the producer set after filling them).  The lines that race are
 * the ones every locked message passed before, so a run meets the races
 * after hundreds of steps, at a late pass of each line; a witness of the
 * payload's race must keep the producer running past its flag store and
 * the consumer past its read of the flag. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define SLOTS 128 /* no slot is used twice */
#define LOCKED 120 /* messages handed over under the lock first */
#define FAST 4     /* then these, published by the plain flag */

struct slot {
    int full;      /* 0: free; 1: a message is in it */
    long stamp;
    char text[8];
};

static struct slot ring[SLOTS];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static long table[512];
static long seal;

/* The producer's own work between filling a slot and publishing it. */
static void seal_slot(int i)
{
    for (int k = 0; k < 4000; k++)
        seal += table[(k * 7 + i) % 512] ^ k;
}

static void fill(struct slot *s, int i)
{
    s->stamp = i * 7L;        // RACE: ordered by the flag
    s->text[0] = (char)('a' + i % 26); // RACE: ordered by the flag
}

static long drain(struct slot *s)
{
    long v = s->stamp + s->text[0]; // RACE: ordered by the flag
    return v;
}

static void *consumer(void *arg)
{
    long sum = 0;
    (void)arg;
    for (int i = 0; i < LOCKED; i++) {
        struct slot *s = &ring[i % SLOTS];
        pthread_mutex_lock(&m);
        while (!s->full) // NORACE
            pthread_cond_wait(&changed, &m);
        sum += drain(s);
        s->full = 0;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&m);
    }
    for (int i = LOCKED; i < LOCKED + FAST; i++) {
        struct slot *s = &ring[i % SLOTS];
        while (!s->full) // RACE: the flag
            usleep(200);
        sum += drain(s);
    }
    return (void *)sum;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, consumer, NULL);
    for (int i = 0; i < LOCKED; i++) {
        struct slot *s = &ring[i % SLOTS];
        pthread_mutex_lock(&m);
        while (s->full) // NORACE
            pthread_cond_wait(&changed, &m);
        fill(s, i);
        s->full = 1;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&m);
    }
    for (int i = LOCKED; i < LOCKED + FAST; i++) {
        struct slot *s = &ring[i % SLOTS];
        fill(s, i);
        seal_slot(i);
        s->full = 1; // RACE: the flag
    }
    void *sum;
    pthread_join(t, &sum);
    printf("%ld\n", (long)sum);
    return 0;
}
