/* Workers pop jobs from a pending list under its lock, fill each without the lock and link it onto a done list under the same lock; main reads the done list after joining: race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NJOBS 4
#define NWORKERS 2

struct job { struct job *next; int n; long square; };

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct job *pending, *done;

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&mu);
        struct job *j = pending; // NORACE
        if (j)
            pending = j->next; // NORACE
        pthread_mutex_unlock(&mu);
        if (!j)
            break;
        j->square = (long)j->n * j->n; // NORACE
        pthread_mutex_lock(&mu);
        j->next = done; // NORACE
        done = j; // NORACE
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[NWORKERS];
    long sum = 0;
    for (int i = 0; i < NJOBS; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            return 1;
        j->n = i; // NORACE
        j->next = pending; // NORACE
        pending = j; // NORACE
    }
    for (int i = 0; i < NWORKERS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(t[i], NULL);
    for (struct job *j = done; j; j = j->next) // NORACE
        sum += j->square; // NORACE
    printf("%ld\n", sum);
    return 0;
}
