/* two threads call localtime: both fill the one static struct tm glibc returns */
#include <pthread.h>
#include <time.h>

static void *stamp(void *arg)
{
    time_t now = 1000000;
    (void)arg;
    struct tm *tm = localtime(&now); // RACE
    return tm ? (void *)(long)tm->tm_year : NULL; // RACE
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
