/* report tiers: a field of a heap object raced on (one side under a heap mutex), a free racing with a read, a thread created in a helper */
#include <pthread.h>
#include <stdlib.h>

struct account {
    pthread_mutex_t lock;
    long balance;
};

struct message {
    long len;
    char text[16];
};

static struct account *acc;

static void *deposit(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&acc->lock);
    acc->balance += 10; // RACE
    pthread_mutex_unlock(&acc->lock);
    return NULL;
}

static void *reader(void *arg)
{
    struct message *m = arg;
    long n = m->len; // RACE
    return (void *)n;
}

static pthread_t reader_thread;

static void start_reader(struct message *m)
{
    pthread_create(&reader_thread, NULL, reader, m);
}

int main(void)
{
    pthread_t t;
    acc = calloc(1, sizeof *acc);
    pthread_mutex_init(&acc->lock, NULL);
    struct message *m = calloc(1, sizeof *m);
    pthread_create(&t, NULL, deposit, NULL);
    start_reader(m);
    long seen = acc->balance; // RACE
    free(m); // RACE
    pthread_join(t, NULL);
    pthread_join(reader_thread, NULL);
    free(acc);
    return seen == 42;
}
