/* two threads call localtime_r with their own struct tm: no shared state */
#include <pthread.h>
#include <time.h>

static void *stamp(void *arg)
{
    time_t now = 1000000;
    struct tm tm;
    (void)arg;
    if (!localtime_r(&now, &tm))
        return NULL;
    return (void *)(long)tm.tm_year;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, stamp, NULL);
    pthread_create(&b, NULL, stamp, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
