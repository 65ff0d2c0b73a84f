/* Producer fills the item then sets a ready flag under the mutex and signals; consumer waits for the flag under the mutex before reading: no race. */
#include <pthread.h>
#include <stdio.h>

struct item {
    int id;
    int payload;
};

struct item slot;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *producer(void *arg)
{
    (void)arg;
    slot.id = 1; // NORACE
    slot.payload = 99; // NORACE
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

void *consumer(void *arg)
{
    int *out = arg;
    pthread_mutex_lock(&m);
    while (!ready) // NORACE
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    *out = slot.payload; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    int got = 0; // NORACE

    pthread_create(&c, NULL, consumer, &got);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    printf("got %d\n", got); // NORACE
    return 0;
}
