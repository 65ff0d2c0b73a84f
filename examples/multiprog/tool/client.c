/* client.c - the racy program: two threads add to the library's unlocked total. */
#include <pthread.h>

void counter_add_unsafe(long v);

static void *worker(void *arg)
{
    (void)arg;
    counter_add_unsafe(1);
    return 0;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return 0;
}
