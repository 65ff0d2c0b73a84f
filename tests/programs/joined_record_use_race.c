/* Each worker gets its own record of an array of records that also holds
 * its handle, computes its output field from its input field; main joins
 * the workers in order but reads the output of the record of the worker
 * it joins next, which may still be writing it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4

struct job {
    pthread_t th;
    int in;
    long out;
};

static void *triple(void *arg)
{
    struct job *j = arg;
    j->out = (long)j->in * 3; // RACE
    return NULL;
}

int main(void)
{
    struct job *jobs = calloc(WORKERS, sizeof *jobs);
    long total = 0;
    if (!jobs)
        return 1;
    for (int i = 0; i < WORKERS; i++) {
        jobs[i].in = i;
        pthread_create(&jobs[i].th, NULL, triple, &jobs[i]);
    }
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(jobs[i].th, NULL);
        total += jobs[(i + 1) % WORKERS].out; // RACE
    }
    free(jobs); // NORACE
    printf("%ld\n", total);
    return 0;
}
