/* One caller locks the struct's mutex before the callee writes its field, the other thread calls the same function without taking it: the writes race. */
#include <pthread.h>
#include <stdio.h>

typedef struct {
    pthread_mutex_t mutex;
    long value;
} bolt_t;

bolt_t first = {PTHREAD_MUTEX_INITIALIZER, 0};
bolt_t second = {PTHREAD_MUTEX_INITIALIZER, 0};

static void bump(bolt_t *b, long v)
{
    b->value += v; // RACE
}

static void *careful(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&first.mutex);
    bump(&first, 1);
    pthread_mutex_unlock(&first.mutex);
    pthread_mutex_lock(&second.mutex);
    bump(&second, 1);
    pthread_mutex_unlock(&second.mutex);
    return NULL;
}

static void *careless(void *arg)
{
    (void)arg;
    bump(&second, 2);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, careful, NULL);
    pthread_create(&t2, NULL, careless, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld %ld\n", first.value, second.value); // NORACE
    return 0;
}
