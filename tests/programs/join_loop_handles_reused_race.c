/* A second create loop reuses the handle array of the first, so the join loop joins only the second batch of threads: main's read after it races with the first batch's writes. */
#include <pthread.h>
#include <stdio.h>

#define N 2

int results[N];

void *producer(void *arg)
{
    int id = *(int *)arg;
    results[id] = id + 1; // RACE
    return NULL;
}

void *idle(void *arg)
{
    (void)arg;
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    int ids[N];

    for (int i = 0; i < N; i++) {
        ids[i] = i;
        pthread_create(&t[i], NULL, producer, &ids[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, idle, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", results[0]); // RACE
    return 0;
}
