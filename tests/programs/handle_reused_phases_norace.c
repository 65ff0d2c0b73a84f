/* Two phases of workers created into the same two handle variables: each
 * phase's pair is joined before the next pair is created into the same
 * cells, so a join of `a` joins whichever thread the last create wrote
 * into it.  Between the phases the global mutex is destroyed and
 * initialised again; main's accesses between and after the phases run
 * alone. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lk;
static int counter;

static void *inc_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lk);
    counter++; // NORACE
    pthread_mutex_unlock(&lk);
    return NULL;
}

static void *dec_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lk);
    counter--; // NORACE
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
    pthread_join(b, NULL);
    pthread_mutex_destroy(&lk);
    counter *= 10; // NORACE
    pthread_mutex_init(&lk, NULL);
    pthread_create(&a, NULL, dec_worker, NULL);
    pthread_create(&b, NULL, dec_worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_mutex_destroy(&lk);
    printf("%d\n", counter); // NORACE
    return 0;
}
