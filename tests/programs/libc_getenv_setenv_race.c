/* one thread reads the environment with getenv while another changes it with setenv */
#include <pthread.h>
#include <stdlib.h>

static void *configure(void *arg)
{
    (void)arg;
    setenv("RH_LIBSPEC_MODE", "fast", 1); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, configure, NULL);
    const char *mode = getenv("HOME"); // RACE
    pthread_join(a, NULL);
    return mode == NULL;
}
