/* report tiers: an unprotected counter (likely: must-race), an unprotected total after loops (likely: may-race) and a flag written under a lock and read without one (possible); audit_log is defined by no input, so no run confirms any */
#include <pthread.h>
#include <stdio.h>

void audit_log(const char *what); /* defined by a library racehunt is not given */

static long hits;
static int stop;
static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *counter(void *arg)
{
    (void)arg;
    hits = hits + 1; // RACE
    audit_log("counter");
    for (int i = 0; i < 3; i++)
        audit_log("step");
    total = 5; // RACE
    pthread_mutex_lock(&m);
    stop = 1; // RACE
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *reporter(void *arg)
{
    (void)arg;
    long h = hits; // RACE
    audit_log("reporter");
    for (int i = 0; i < 3 && !stop; i++) // RACE
        audit_log("waiting");
    printf("%ld %ld\n", h, total); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, counter, NULL);
    pthread_create(&b, NULL, reporter, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
