/* server.c - the race-free program: its threads use only the locked counter. */
#include <pthread.h>

void counter_hit(void);
long counter_read(void);

static void *worker(void *arg)
{
    (void)arg;
    counter_hit();
    return 0;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return counter_read() == 2 ? 0 : 1;
}
