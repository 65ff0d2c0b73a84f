/* Threads 0 and 1 both update value[0] (slot id / 2), each under its own lock: a race between them, and with main's read of value[0] under lock 0 too. */
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
    long slot = id / 2;
    pthread_mutex_lock(&table.lock[id]);
    table.value[slot] += 10; // RACE
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
        sum += table.value[i]; // RACE
        pthread_mutex_unlock(&table.lock[i]);
    }
    for (long i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", sum);
    return 0;
}
