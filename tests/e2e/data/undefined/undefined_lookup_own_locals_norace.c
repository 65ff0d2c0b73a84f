/* threads pass their own locals to lookup, which no input file defines: race-free by assumption */
#include <pthread.h>

int lookup(const char *key, int *out);
int get_config(void);

static void *worker(void *arg)
{
    int v = 0;
    (void)arg;
    lookup("size", &v);
    return (void *)(long)(v + get_config());
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
