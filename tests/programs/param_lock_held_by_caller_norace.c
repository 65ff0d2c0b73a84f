/* The callee writes a field of the struct its parameter points to and then unlocks the struct's mutex, which every caller locked before the call (on two different structs): the callee's write is always under the lock of its struct, no race. */
#include <pthread.h>
#include <stdio.h>

typedef struct {
    pthread_mutex_t mutex;
    long value;
} bolt_t;

bolt_t first = {PTHREAD_MUTEX_INITIALIZER, 0};
bolt_t second = {PTHREAD_MUTEX_INITIALIZER, 0};

static void possess(bolt_t *b)
{
    pthread_mutex_lock(&b->mutex);
}

static void twist(bolt_t *b, long v)
{
    b->value += v; // NORACE
    pthread_mutex_unlock(&b->mutex);
}

static void *worker(void *arg)
{
    (void)arg;
    possess(&first);
    twist(&first, 1);
    possess(&second);
    twist(&second, 2);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld %ld\n", first.value, second.value); // NORACE
    return 0;
}
