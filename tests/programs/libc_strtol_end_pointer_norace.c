/* two threads parse a shared constant string with strtol, each into its own end pointer */
#include <pthread.h>
#include <stdlib.h>

static const char text[] = "42 rest";

static void *parse(void *arg)
{
    char *end = NULL;
    (void)arg;
    long v = strtol(text, &end, 10); // NORACE
    return (void *)(v + (end != NULL));
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
