/* an undefined function given a function pointer may call it: beyond the assumption, unknown */
#include <pthread.h>

int run_later(void (*fn)(void));

static int count;

static void bump(void)
{
    count++;
}

static void *worker(void *arg)
{
    (void)arg;
    run_later(bump);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return count;
}
