/* each thread passes its own context to process, but both contexts point to one shared buffer: unknown */
#include <pthread.h>

struct ctx {
    int *out;
};

int process(struct ctx *c);

static int shared;

static void *worker(void *arg)
{
    struct ctx c;
    (void)arg;
    c.out = &shared;
    process(&c);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return shared;
}
