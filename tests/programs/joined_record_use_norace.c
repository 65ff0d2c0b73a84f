/* Each worker gets its own record of an array of records that also holds
 * its handle, computes its output field from its input field; main joins
 * the workers in order and reads each record's output right after joining
 * the worker that owns it, then frees the array once all are joined. */
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
    j->out = (long)j->in * 3; // NORACE
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
        total += jobs[i].out; // NORACE
    }
    free(jobs); // NORACE
    printf("%ld\n", total);
    return 0;
}
