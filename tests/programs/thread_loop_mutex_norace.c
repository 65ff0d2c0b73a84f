/* Eight threads created in a loop each add to one global counter under a shared mutex: no race. */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 8

int hits;
pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

void *hit(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&hits_lock);
    hits++; // NORACE
    pthread_mutex_unlock(&hits_lock);
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, hit, NULL);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("hits = %d\n", hits); // NORACE
    return 0;
}
