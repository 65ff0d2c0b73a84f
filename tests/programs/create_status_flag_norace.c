/* A function that runs twice creates a worker and records in a local
 * whether pthread_create succeeded, then joins only when it did: the flag
 * is 1 exactly on the path where the worker exists, so after the test
 * every instance is joined and the function's write runs alone. */
#include <pthread.h>
#include <stdio.h>

static int shared_sum;
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;

static void *adder(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&sum_lock);
    shared_sum += 3; // NORACE
    pthread_mutex_unlock(&sum_lock);
    return NULL;
}

static void one_pass(void)
{
    pthread_t t;
    int started;
    if (pthread_create(&t, NULL, adder, NULL) == 0)
        started = 1;
    else
        started = 0;
    if (started)
        pthread_join(t, NULL);
    shared_sum *= 2; // NORACE
}

int main(void)
{
    one_pass();
    one_pass();
    printf("%d\n", shared_sum); // NORACE
    return 0;
}
