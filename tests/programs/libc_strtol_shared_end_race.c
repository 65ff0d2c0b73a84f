/* two threads parse with strtol into one shared end pointer: strtol writes it in both */
#include <pthread.h>
#include <stdlib.h>

static char *end;

static void *parse(void *arg)
{
    (void)arg;
    return (void *)strtol("17", &end, 10); // RACE
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, parse, NULL);
    pthread_create(&b, NULL, parse, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
