/* a thread allocates a job, starts its own child with it and then sets the job's stop flag with no lock while the child polls it with none: a race on the heap block the two share (the setup before the create is ordered by it, the free after the join too) */
#include <pthread.h>
#include <stdlib.h>

struct job {
    int stop;
    int steps;
    int polls;
};

static void *child(void *p)
{
    struct job *j = p;
    int n = j->steps; // NORACE
    int polls = 0;
    for (int i = 0; i < n && !j->stop; i++) // RACE
        polls++;
    j->polls = polls; // NORACE
    return NULL;
}

static void *coordinator(void *unused)
{
    pthread_t c;
    struct job *j = calloc(1, sizeof *j);
    if (!j)
        return unused;
    j->steps = 1000; // NORACE
    if (pthread_create(&c, NULL, child, j))
        return unused;
    j->stop = 1; // RACE
    pthread_join(c, NULL);
    int polls = j->polls; // NORACE
    free(j);
    return polls < 0 ? unused : NULL;
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
