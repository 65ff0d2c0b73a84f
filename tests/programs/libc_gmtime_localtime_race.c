/* gmtime in one thread and localtime in another: glibc returns the same static struct tm */
#include <pthread.h>
#include <time.h>

static void *utc(void *arg)
{
    time_t now = 5000;
    (void)arg;
    struct tm *tm = gmtime(&now); // RACE
    return tm ? (void *)(long)tm->tm_hour : NULL;
}

int main(void)
{
    pthread_t a;
    time_t now = 7000;
    pthread_create(&a, NULL, utc, NULL);
    struct tm *tm = localtime(&now); // RACE
    int h = tm ? tm->tm_hour : 0;
    pthread_join(a, NULL);
    return h > 24;
}
