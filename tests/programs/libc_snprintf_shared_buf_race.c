/* two threads format into one shared buffer with snprintf: both write it, unordered */
#include <pthread.h>
#include <stdio.h>

static char msg[32];

static void *report(void *arg)
{
    snprintf(msg, sizeof msg, "worker %ld", (long)arg); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, report, (void *)1);
    pthread_create(&b, NULL, report, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
