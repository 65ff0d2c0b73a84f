/* Two threads run different start routines that both call a helper which locks a mutex local to the helper's frame: each call has its own mutex, so the increments race. */
#include <pthread.h>

int counter;

static void bump(void)
{
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&m);
    counter++; // RACE
    pthread_mutex_unlock(&m);
}

void *left(void *arg)
{
    (void)arg;
    bump();
    return NULL;
}

void *right(void *arg)
{
    (void)arg;
    bump();
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, left, NULL);
    pthread_create(&b, NULL, right, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
