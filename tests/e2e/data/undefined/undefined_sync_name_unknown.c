/* ev_wait_ready has a synchronisation word in its name: it may wait for or order threads, so it is never analysed by the assumption (unknown) */
#include <pthread.h>

void ev_wait_ready(int *ticket);

static int result;

static void *producer(void *arg)
{
    result = 42; // RACE (unless ev_wait_ready orders the threads)
    return arg;
}

int main(void)
{
    pthread_t t;
    int ticket = 0;
    pthread_create(&t, NULL, producer, NULL);
    ev_wait_ready(&ticket);
    int seen = result; // RACE (unless ev_wait_ready orders the threads)
    pthread_join(t, NULL);
    return seen != 42;
}
