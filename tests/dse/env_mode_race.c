/* the workers start only when RH_DEMO_MODE is set to "turbo"; their unlocked increment races */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int hits;

static void *work(void *arg)
{
    (void)arg;
    hits++; // RACE
    return NULL;
}

int main(void)
{
    const char *mode = getenv("RH_DEMO_MODE");
    if (!mode || strcmp(mode, "turbo") != 0)
        return 1;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
