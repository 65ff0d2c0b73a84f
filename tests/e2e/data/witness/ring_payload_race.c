/* A producer hands 200 messages to a consumer through a queue of 256
 * slots: each slot holds a payload and an id that says it is full.  The
 * first 199 go under the ring's lock; the last one takes the fast path a
 * message queue offers, written and published without the lock while the
 * consumer polls the id.  Nothing orders the last payload's write before
 * its read (a volatile id is no synchronisation), so the two race, and so
 * do the id's store and the consumer's poll and release of the slot.  A
 * random run meets the race after hundreds of hand-overs; the lines that
 * race are the ones every locked message passes too, so the race is at
 * their last pass, not their first. */
#include <pthread.h>
#include <sched.h>

#define SLOTS 256 /* no slot is used twice: only the last message races */
#define MESSAGES 200

struct message {
    volatile int id; /* 0: the slot is free; i + 1: message i is in it */
    int payload;
};

static struct message ring[SLOTS];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;

static void put(int i, int value)
{
    struct message *msg = &ring[i % SLOTS];
    msg->payload = value; // RACE
    msg->id = i + 1; // RACE
}

static int take(int i)
{
    struct message *msg = &ring[i % SLOTS];
    int value = msg->payload; // RACE
    msg->id = 0; // RACE
    return value;
}

static void *consumer(void *arg)
{
    long sum = 0;
    for (int i = 0; i < MESSAGES - 1; i++) {
        pthread_mutex_lock(&m);
        while (ring[i % SLOTS].id != i + 1) // NORACE
            pthread_cond_wait(&changed, &m);
        sum += take(i);
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&m);
    }
    while (ring[(MESSAGES - 1) % SLOTS].id != MESSAGES) // RACE
        sched_yield();
    sum += take(MESSAGES - 1);
    return (void *)sum;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, consumer, NULL);
    for (int i = 0; i < MESSAGES - 1; i++) {
        pthread_mutex_lock(&m);
        while (ring[i % SLOTS].id != 0) // NORACE
            pthread_cond_wait(&changed, &m);
        put(i, i * 3);
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&m);
    }
    put(MESSAGES - 1, 7);
    void *sum;
    pthread_join(t, &sum);
    return (int)((long)sum % 2);
}
