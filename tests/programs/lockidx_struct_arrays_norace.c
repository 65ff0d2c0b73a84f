/* A global struct holds a lock array and a value array side by side; threads created in a loop get their index by value and update their own value under their own lock, main reads every value under its lock while they run: no race. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define N 3

struct table {
    pthread_mutex_t lock[N];
    int value[N];
} table = {{PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER}, {0}};

void *worker(void *arg)
{
    long id = (long)(intptr_t)arg;
    long slot = id;
    pthread_mutex_lock(&table.lock[id]);
    table.value[slot] += 10; // NORACE
    pthread_mutex_unlock(&table.lock[id]);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    int sum = 0;

    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    for (long i = 0; i < N; i++) {
        pthread_mutex_lock(&table.lock[i]);
        sum += table.value[i]; // NORACE
        pthread_mutex_unlock(&table.lock[i]);
    }
    for (long i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", sum);
    return 0;
}
