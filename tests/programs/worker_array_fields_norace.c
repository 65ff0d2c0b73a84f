/* Each worker gets its own element of a heap array of structs: a pointer to the shared job and a pointer to its seed; every update of the job is under the job's lock. The elements are reached at a run-time index, but the job field of an element only ever holds the job: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    pthread_mutex_t lock;
    long done;
};

struct worker {
    pthread_t id;
    struct job *job;
    long *seed;
};

static long seeds[2];

static void *work(void *arg)
{
    struct worker *w = arg;
    long add = *w->seed;
    pthread_mutex_lock(&w->job->lock);
    w->job->done += add; // NORACE
    pthread_mutex_unlock(&w->job->lock);
    return NULL;
}

int main(void)
{
    struct job job = {PTHREAD_MUTEX_INITIALIZER, 0};
    struct worker *ws = malloc(2 * sizeof *ws);
    if (!ws)
        return 1;
    for (int i = 0; i < 2; i++)
        seeds[i] = i + 1;
    for (int i = 0; i < 2; i++) {
        ws[i].job = &job;
        ws[i].seed = &seeds[i];
        if (pthread_create(&ws[i].id, NULL, work, &ws[i]) != 0)
            return 1;
    }
    for (int i = 0; i < 2; i++)
        pthread_join(ws[i].id, NULL);
    printf("%ld\n", job.done); // NORACE
    free(ws);
    return 0;
}
