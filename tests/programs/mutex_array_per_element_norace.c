/* An array of mutexes, locks[i] guarding data[i]; both threads update every element holding the matching lock: no race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

int data[N];
pthread_mutex_t locks[N];

void *update_all(void *arg)
{
    int delta = *(int *)arg; // NORACE
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&locks[i]);
        data[i] += delta; // NORACE
        pthread_mutex_unlock(&locks[i]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int up = 1; // NORACE
    int down = -3; // NORACE

    for (int i = 0; i < N; i++)
        pthread_mutex_init(&locks[i], NULL);
    pthread_create(&t1, NULL, update_all, &up);
    pthread_create(&t2, NULL, update_all, &down);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", data[i]); // NORACE
    for (int i = 0; i < N; i++)
        pthread_mutex_destroy(&locks[i]);
    return 0;
}
