/* Each element holds two handles, a reader's and a writer's; the join loop joins only the readers, so the writers still run when main reads what they write: race. */
#include <pthread.h>
#include <stdio.h>

#define N 2

typedef struct {
    pthread_t reader;
    pthread_t writer;
} pair_t;

long produced;
pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg)
{
    (void)arg;
    return NULL;
}

static void *writer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mtx);
    produced++; // RACE
    pthread_mutex_unlock(&mtx);
    return NULL;
}

int main(void)
{
    pair_t p[N];
    for (int i = 0; i < N; i++)
        pthread_create(&p[i].reader, NULL, reader, NULL);
    for (int i = 0; i < N; i++)
        pthread_create(&p[i].writer, NULL, writer, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(p[i].reader, NULL);
    printf("%ld\n", produced); // RACE
    for (int i = 0; i < N; i++)
        pthread_join(p[i].writer, NULL);
    return 0;
}
