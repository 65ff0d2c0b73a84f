/* Main locks the slots one by one in a loop but bumps each slot before taking its lock: at iteration i it holds only the locks of the earlier slots, so the bump races with the worker's locked bump of the same slot. */
#include <pthread.h>
#include <stdio.h>

#define N 3

struct slot {
    pthread_mutex_t lock;
    int count;
} slots[N];

void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&slots[i].lock);
        slots[i].count++; // RACE
        pthread_mutex_unlock(&slots[i].lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;

    for (int i = 0; i < N; i++)
        pthread_mutex_init(&slots[i].lock, NULL);
    pthread_create(&t, NULL, worker, NULL);
    for (int i = 0; i < N; i++) {
        slots[i].count++; // RACE
        pthread_mutex_lock(&slots[i].lock);
    }
    for (int i = 0; i < N; i++)
        pthread_mutex_unlock(&slots[i].lock);
    pthread_join(t, NULL);
    printf("%d\n", slots[0].count);
    return 0;
}
