/* look-alike of child_stop_flag_after_create_race: a thread starts its own child with a job and both count their work under the job's lock, and whichever drops the last reference frees the job (a reference count checked under the lock): no race */
#include <pthread.h>
#include <stdlib.h>

struct job {
    pthread_mutex_t lock;
    int users;
    long done;
};

/* Counts one unit of work and drops one reference; the last user frees. */
static void job_put(struct job *j, long work)
{
    pthread_mutex_lock(&j->lock);
    j->done = j->done + work; // NORACE
    int left = --j->users; // NORACE
    pthread_mutex_unlock(&j->lock);
    if (!left)
        free(j); // NORACE
}

static void *child(void *p)
{
    job_put(p, 1);
    return NULL;
}

static void *coordinator(void *unused)
{
    pthread_t c;
    struct job *j = calloc(1, sizeof *j);
    if (!j)
        return unused;
    pthread_mutex_init(&j->lock, NULL);
    j->users = 2; // NORACE
    if (pthread_create(&c, NULL, child, j)) {
        free(j);
        return unused;
    }
    pthread_detach(c);
    job_put(j, 2);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, coordinator, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return 0;
}
