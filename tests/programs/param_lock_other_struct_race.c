/* One thread passes the struct whose mutex it holds, the other passes that struct while holding another struct's mutex: the second caller's lock is not at the parameter's distance, and the writes race. */
#include <pthread.h>
#include <stdio.h>

typedef struct {
    pthread_mutex_t mutex;
    long value;
} bolt_t;

bolt_t first = {PTHREAD_MUTEX_INITIALIZER, 0};
bolt_t second = {PTHREAD_MUTEX_INITIALIZER, 0};

static void twist(bolt_t *b, long v)
{
    b->value += v; // RACE
}

static void *own_lock(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&second.mutex);
    twist(&second, 1);
    pthread_mutex_unlock(&second.mutex);
    return NULL;
}

static void *wrong_lock(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&first.mutex);
    twist(&second, 2);
    pthread_mutex_unlock(&first.mutex);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, own_lock, NULL);
    pthread_create(&t2, NULL, wrong_lock, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld %ld\n", first.value, second.value); // NORACE
    return 0;
}
