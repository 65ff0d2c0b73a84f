/* locks[i] should guard data[i], but one thread takes locks[i] while writing data[(i + 1) % N]: accesses to one element hold different locks, race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

int data[N];
pthread_mutex_t locks[N];

void *good_updater(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&locks[i]);
        data[i] += 1; // RACE
        pthread_mutex_unlock(&locks[i]);
    }
    return NULL;
}

void *buggy_updater(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&locks[i]);
        data[(i + 1) % N] += 100; // RACE
        pthread_mutex_unlock(&locks[i]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    for (int i = 0; i < N; i++)
        pthread_mutex_init(&locks[i], NULL);
    pthread_create(&t1, NULL, good_updater, NULL);
    pthread_create(&t2, NULL, buggy_updater, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", data[i]); // NORACE
    return 0;
}
