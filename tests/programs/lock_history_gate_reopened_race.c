/* A start gate that main reopens too early: the worker passes the gate (lock, unlock) before using the setup, but main writes the second field after unlocking the gate, so that write races with the worker's read. */
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
int width, height;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&gate);
    pthread_mutex_unlock(&gate);
    printf("%d x %d\n", width, height); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_mutex_lock(&gate);
    pthread_create(&t, NULL, worker, NULL);
    width = 640;
    pthread_mutex_unlock(&gate);
    height = 480; // RACE
    pthread_join(t, NULL);
    return 0;
}
