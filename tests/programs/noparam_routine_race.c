/* A start routine declared without parameters (`void *work()`, as older
 * code writes it) and cast for pthread_create: every analysis that looks at
 * a routine's argument must find none there, and the race on `total` is
 * still found. */
#include <pthread.h>

int total;

void *work()
{
    total++; // RACE
    return 0;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, (void *(*)(void *))work, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return total;
}
