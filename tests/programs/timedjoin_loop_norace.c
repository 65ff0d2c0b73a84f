/* Main waits for the worker with pthread_timedjoin_np in a loop until it returns 0: the join that succeeds orders the worker's writes before main's reads. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

int table[4];

static void *filler(void *arg)
{
    (void)arg;
    for (int i = 0; i < 4; i++)
        table[i] = i * i; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, filler, 0);
    struct timespec ts = {0, 0};
    do
        ts.tv_sec = time(0) + 1;
    while (pthread_timedjoin_np(t, 0, &ts) != 0);
    return table[3] != 9; // NORACE
}
