/* Both threads hold the rwlock only in read mode (pthread_rwlock_timedrdlock) but write the hit count: read locks are shared, so the writes race. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int hits;

static void *visit(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 0};
    ts.tv_sec = time(0) + 5;
    if (pthread_rwlock_timedrdlock(&rw, &ts) == 0) {
        hits++; // RACE
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, visit, 0);
    pthread_create(&b, 0, visit, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
