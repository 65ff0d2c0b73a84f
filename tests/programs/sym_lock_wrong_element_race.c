/* A worker locks the mutex of element i but updates element i + 1, which another worker updates under that element's own mutex: the locks differ, race on the neighbour's counter. */
#include <pthread.h>
#include <stdio.h>

#define N 3

struct slot {
    pthread_mutex_t lock;
    int count;
} slots[N];

void *careless(void *arg)
{
    int i = *(int *)arg;
    pthread_mutex_lock(&slots[i].lock);
    slots[i + 1].count++; // RACE
    pthread_mutex_unlock(&slots[i].lock);
    return NULL;
}

void *careful(void *arg)
{
    int i = *(int *)arg;
    pthread_mutex_lock(&slots[i].lock);
    slots[i].count++; // RACE
    pthread_mutex_unlock(&slots[i].lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    static int zero = 0, one = 1;

    for (int i = 0; i < N; i++)
        pthread_mutex_init(&slots[i].lock, NULL);
    pthread_create(&t1, NULL, careless, &zero);
    pthread_create(&t2, NULL, careful, &one);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d\n", slots[1].count);
    return 0;
}
