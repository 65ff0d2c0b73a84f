/* main write-locks rw[0] and rw[1], then unlocks rw[i] (i known only at run time, 0 when argc is 1): that may release rw[0], so main's write after it races with the worker's read under rw[0]. */
#include <pthread.h>
#include <stdio.h>

pthread_rwlock_t rw[2] = {PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER};
int value;

void *reader(void *arg)
{
    (void)arg;
    pthread_rwlock_rdlock(&rw[0]);
    printf("%d\n", value); // RACE
    pthread_rwlock_unlock(&rw[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_rwlock_wrlock(&rw[0]);
    pthread_rwlock_wrlock(&rw[1]);
    pthread_create(&t, NULL, reader, NULL);
    pthread_rwlock_unlock(&rw[i]);
    value = 42; // RACE
    pthread_rwlock_unlock(&rw[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
