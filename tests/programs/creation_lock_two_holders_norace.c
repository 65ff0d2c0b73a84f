/* Two workers that each live inside a critical section of the same mutex, held by two different threads (main and a manager) from creating the worker until joining it: the critical sections exclude each other, so the workers never overlap. */
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t phase = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg)
{
    total += *(int *)arg; // NORACE
    return NULL;
}

void *manager(void *arg)
{
    pthread_t w;
    static int two = 2;
    (void)arg;
    pthread_mutex_lock(&phase);
    pthread_create(&w, NULL, worker, &two);
    pthread_join(w, NULL);
    pthread_mutex_unlock(&phase);
    return NULL;
}

int main(void)
{
    pthread_t m, w;
    static int one = 1;

    pthread_create(&m, NULL, manager, NULL);
    pthread_mutex_lock(&phase);
    pthread_create(&w, NULL, worker, &one);
    pthread_join(w, NULL);
    pthread_mutex_unlock(&phase);
    pthread_join(m, NULL);
    printf("total = %d\n", total); // NORACE
    return 0;
}
