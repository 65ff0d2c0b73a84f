/* A writer keeps the rwlock until the reader's pthread_rwlock_timedrdlock has timed out; the reader then records the miss in its own slot and reads the setting under a blocking read lock: every shared access is under the rwlock, no race. */
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
sem_t writing, tried;
int setting = 1;
int seen[2];

static void *writer(void *arg)
{
    (void)arg;
    pthread_rwlock_wrlock(&rw);
    sem_post(&writing);
    setting = 5; // NORACE
    sem_wait(&tried); /* keeps the lock until the reader has tried */
    pthread_rwlock_unlock(&rw);
    return 0;
}

int main(void)
{
    sem_init(&writing, 0, 0);
    sem_init(&tried, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    sem_wait(&writing);
    struct timespec ts = {0, 0}; /* long past: the wait times out as soon as it would block */
    if (pthread_rwlock_timedrdlock(&rw, &ts) == 0) {
        seen[0] = setting; // NORACE
        pthread_rwlock_unlock(&rw);
    } else {
        seen[0] = -1; // NORACE
    }
    sem_post(&tried);
    pthread_rwlock_rdlock(&rw);
    seen[1] = setting; // NORACE
    pthread_rwlock_unlock(&rw);
    pthread_join(t, 0);
    return seen[1] != 5; // NORACE
}
