/* Readers read the settings under pthread_rwlock_clockrdlock and a writer updates them under pthread_rwlock_clockwrlock, each only once its lock call returned 0: no race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int setting = 1;
int seen[2];

static void *reader(void *arg)
{
    int i = (int)(long)arg;
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0);
    if (pthread_rwlock_clockrdlock(&rw, CLOCK_MONOTONIC, &ts) == 0) {
        seen[i] = setting; // NORACE
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}

static void *writer(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0);
    if (pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, &ts) == 0) {
        setting = 2; // NORACE
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}

int main(void)
{
    pthread_t r0, r1, w;
    pthread_create(&r0, 0, reader, (void *)0L);
    pthread_create(&r1, 0, reader, (void *)1L);
    pthread_create(&w, 0, writer, 0);
    pthread_join(r0, 0);
    pthread_join(r1, 0);
    pthread_join(w, 0);
    return seen[0] + seen[1] > 4; // NORACE
}
