/* The producer fills the buffer, then sets a flag under the mutex and signals; the consumer waits under the mutex until it sees the flag, unlocks and reads the buffer: the locked store and the locked load that saw it order the buffer, no race. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static char buffer[16];

static void *producer(void *arg)
{
    (void)arg;
    buffer[0] = 'h'; // NORACE
    buffer[1] = 'i'; // NORACE
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

static void *consumer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    while (!ready) // NORACE
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return (void *)(long)(buffer[0] + buffer[1]); // NORACE
}

int main(void)
{
    pthread_t p, q;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&q, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(q, 0);
    return buffer[0] != 'h'; // NORACE
}
