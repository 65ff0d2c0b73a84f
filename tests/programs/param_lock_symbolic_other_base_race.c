/* A thread locks the mutex of one job but passes another job to the function that updates it: the update of that other job is not under its mutex, and races with the other thread's update. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    pthread_mutex_t mutex;
    long value;
} bolt_t;

bolt_t *bolts[2];

static void twist(bolt_t *b, long v)
{
    b->value += v; // RACE
}

static void *own(void *arg)
{
    (void)arg;
    bolt_t *b = bolts[1];
    pthread_mutex_lock(&b->mutex);
    twist(b, 1);
    pthread_mutex_unlock(&b->mutex);
    return NULL;
}

static void *other(void *arg)
{
    (void)arg;
    bolt_t *held = bolts[0], *used = bolts[1];
    pthread_mutex_lock(&held->mutex);
    twist(used, 2);
    pthread_mutex_unlock(&held->mutex);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    for (int i = 0; i < 2; i++) {
        bolts[i] = calloc(1, sizeof(bolt_t));
        if (!bolts[i])
            return 1;
        pthread_mutex_init(&bolts[i]->mutex, NULL);
    }
    pthread_create(&t1, NULL, own, NULL);
    pthread_create(&t2, NULL, other, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld\n", bolts[1]->value); // NORACE
    return 0;
}
