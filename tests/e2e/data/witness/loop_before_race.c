/* main passes one line 2000 times before its write races with the thread's: a witness step with "times". */
#include <pthread.h>

#define PASSES 2000

static int x;
static char buf[PASSES];

static void *thread(void *arg)
{
    x = 1; // RACE
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, thread, NULL);
    for (int i = 0; i < PASSES; i++)
        buf[i] = 1; // NORACE
    x = 2; // RACE
    pthread_join(t, NULL);
    return buf[0] - 1;
}
