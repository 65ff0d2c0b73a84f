/* Each thread locks the mutex of the job it picked (a job reached through a pointer, so a symbolic lock) and calls a function that updates that job's value through its parameter and unlocks: always under that job's mutex, no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    pthread_mutex_t mutex;
    long value;
} bolt_t;

typedef struct {
    bolt_t calc;
    int seq;
} job_t;

job_t *jobs[2];

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
    job_t *j = jobs[(long)arg & 1];
    possess(&j->calc);
    twist(&j->calc, 1);
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 2; i++) {
        jobs[i] = calloc(1, sizeof(job_t));
        if (!jobs[i])
            return 1;
        pthread_mutex_init(&jobs[i]->calc.mutex, NULL);
    }
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%ld %ld\n", jobs[0]->calc.value, jobs[1]->calc.value); // NORACE
    return 0;
}
