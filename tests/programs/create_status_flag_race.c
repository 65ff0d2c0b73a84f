/* Racy twin of create_status_flag_norace: the join is taken only when the
 * flag says the create failed, so the worker still runs when the function
 * doubles the sum without the lock. */
#include <pthread.h>
#include <stdio.h>

static int shared_sum;
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;

static void *adder(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&sum_lock);
    shared_sum += 3; // RACE
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
    if (!started)
        pthread_join(t, NULL);
    shared_sum *= 2; // RACE
}

int main(void)
{
    one_pass();
    one_pass();
    printf("%d\n", shared_sum); // RACE
    return 0;
}
