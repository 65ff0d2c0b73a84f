/* report tiers: an unprotected counter (likely: must-race), an unprotected total after loops (likely: may-race) and a flag written without a lock and read under one (possible: mostly a setting the analysis could not order); audit_log is defined by no input, so no run confirms any */
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
    stop = 1; // RACE
    return NULL;
}

static void *reporter(void *arg)
{
    (void)arg;
    long h = hits; // RACE
    audit_log("reporter");
    pthread_mutex_lock(&m);
    int stopped = stop; // RACE
    pthread_mutex_unlock(&m);
    for (int i = 0; i < 3 && !stopped; i++)
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
