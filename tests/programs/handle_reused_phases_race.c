/* Racy twin of handle_reused_phases_norace: the first phase joins only
 * `a`, so its second worker may still increment the counter when main
 * multiplies it (and when the second phase's workers run). */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lk;
static int counter;

static void *inc_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lk);
    counter++; // RACE
    pthread_mutex_unlock(&lk);
    return NULL;
}

static void *dec_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lk);
    counter--; // RACE
    pthread_mutex_unlock(&lk);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_mutex_init(&lk, NULL);
    pthread_create(&a, NULL, inc_worker, NULL);
    pthread_create(&b, NULL, inc_worker, NULL);
    pthread_join(a, NULL);
    pthread_mutex_destroy(&lk);
    counter *= 10; // RACE
    pthread_mutex_init(&lk, NULL);
    pthread_create(&a, NULL, dec_worker, NULL);
    pthread_create(&b, NULL, dec_worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_mutex_destroy(&lk);
    printf("%d\n", counter); // NORACE
    return 0;
}
