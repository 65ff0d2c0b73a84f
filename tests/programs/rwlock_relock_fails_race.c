/* An rwlock initialised with attributes is write-locked twice by main: the second wrlock fails (EDEADLK in glibc) instead of counting, so the first unlock releases it and main's write after it races with the reader. */
#include <pthread.h>
#include <stdio.h>

pthread_rwlock_t rw;
int value;

void *reader(void *arg)
{
    (void)arg;
    pthread_rwlock_rdlock(&rw);
    printf("%d\n", value); // RACE
    pthread_rwlock_unlock(&rw);
    return NULL;
}

int main(void)
{
    pthread_rwlockattr_t attr;
    pthread_t t;

    pthread_rwlockattr_init(&attr);
    pthread_rwlock_init(&rw, &attr);
    pthread_rwlock_wrlock(&rw);
    if (pthread_rwlock_wrlock(&rw) != 0)
        printf("relock refused\n");
    pthread_create(&t, NULL, reader, NULL);
    pthread_rwlock_unlock(&rw);
    value = 1; // RACE
    pthread_join(t, NULL);
    return 0;
}
