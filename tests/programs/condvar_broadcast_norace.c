/* Main publishes a start value and broadcasts under the mutex; three workers wait for the go flag and then read the value and update a locked sum: no race. */
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 3

int start_value;
int go;
int sum;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t go_cv = PTHREAD_COND_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    while (!go) // NORACE
        pthread_cond_wait(&go_cv, &m);
    pthread_mutex_unlock(&m);
    int v = start_value; // NORACE
    pthread_mutex_lock(&m);
    sum += v; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[NWORKERS];

    for (int i = 0; i < NWORKERS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    start_value = 5; // NORACE
    pthread_mutex_lock(&m);
    go = 1; // NORACE
    pthread_cond_broadcast(&go_cv);
    pthread_mutex_unlock(&m);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(t[i], NULL);
    printf("sum = %d\n", sum); // NORACE
    return 0;
}
