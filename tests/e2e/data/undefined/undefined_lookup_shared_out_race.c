/* threads pass one shared global to lookup, which may write it: a possible race */
#include <pthread.h>

int lookup(const char *key, int *out);

static int value;

static void *worker(void *arg)
{
    (void)arg;
    lookup("size", &value); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
