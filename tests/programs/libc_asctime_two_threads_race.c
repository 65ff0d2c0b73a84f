/* two threads call asctime: both write its one static result buffer */
#include <pthread.h>
#include <time.h>

static void *fmt(void *arg)
{
    struct tm tm = {0};
    (void)arg;
    tm.tm_mday = 1;
    return asctime(&tm); // RACE
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
