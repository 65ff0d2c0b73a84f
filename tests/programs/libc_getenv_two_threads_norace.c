/* two threads only read the environment with getenv: reads do not race */
#include <pthread.h>
#include <stdlib.h>

static void *look(void *arg)
{
    (void)arg;
    return getenv("HOME");
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, look, NULL);
    pthread_create(&b, NULL, look, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
