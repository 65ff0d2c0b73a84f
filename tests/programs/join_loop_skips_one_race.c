/* The join loop runs over every handle but skips the join of the last one unless argc is greater than 1: main's read after the loop races with that thread's write. */
#include <pthread.h>
#include <stdio.h>

#define N 3

int results[N];

void *worker(void *arg)
{
    int id = *(int *)arg;
    results[id] = id + 1; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t[N];
    int ids[N];

    (void)argv;
    for (int i = 0; i < N; i++) {
        ids[i] = i;
        pthread_create(&t[i], NULL, worker, &ids[i]);
    }
    for (int i = 0; i < N; i++)
        if (i < N - 1 || argc > 1)
            pthread_join(t[i], NULL);
    printf("%d\n", results[N - 1]); // RACE
    return 0;
}
