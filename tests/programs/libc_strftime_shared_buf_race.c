/* two threads strftime into one shared buffer: both write it, unordered */
#include <pthread.h>
#include <time.h>

static char stamp[32];

static void *fmt(void *arg)
{
    struct tm tm = {0};
    (void)arg;
    tm.tm_mday = 1;
    strftime(stamp, sizeof stamp, "%Y-%m-%d", &tm); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, fmt, NULL);
    pthread_create(&b, NULL, fmt, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
