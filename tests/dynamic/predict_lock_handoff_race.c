/* Predictive power: the writer's access to `shared` comes before its
 * critical section, the other thread's after its own.  Run FIFO (one thread
 * to completion, then the next), the lock hands the first write over to the
 * second: happens-before sees no race in that execution.  Reordering the
 * critical sections (the other thread's first) makes the two writes
 * adjacent, which the witness engine finds from the one trace and confirms
 * by replay.  (The critical sections only write: a read there would tie
 * their order to the values seen, and rightly so.)  Run: racehunt --engine=dynamic --strategy=fifo --runs=1 */
#include <pthread.h>
#include <stdio.h>

int shared;
int in_lock;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *first(void *arg)
{
    (void)arg;
    shared = 1; // RACE
    pthread_mutex_lock(&m);
    in_lock = 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

void *second(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    in_lock = 2; // NORACE
    pthread_mutex_unlock(&m);
    shared = 2; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, first, NULL);
    pthread_create(&b, NULL, second, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d %d\n", shared, in_lock); // NORACE
    return 0;
}
