/* main sets the environment before creating the thread that reads it: ordered by create */
#include <pthread.h>
#include <stdlib.h>

static void *look(void *arg)
{
    (void)arg;
    return getenv("RH_LIBSPEC_MODE");
}

int main(void)
{
    pthread_t a;
    setenv("RH_LIBSPEC_MODE", "slow", 1);
    pthread_create(&a, NULL, look, NULL);
    pthread_join(a, NULL);
    return 0;
}
