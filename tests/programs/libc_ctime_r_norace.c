/* two threads format times with ctime_r into their own buffers: no shared state */
#include <pthread.h>
#include <time.h>

static void *fmt(void *arg)
{
    char out[32];
    time_t now = 1234;
    (void)arg;
    return ctime_r(&now, out) ? NULL : arg;
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
