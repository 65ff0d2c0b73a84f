/* Threads use pthread_mutex_trylock and touch the counter only when it returned 0 (lock acquired); a third uses a blocking lock: no race. */
#include <pthread.h>
#include <stdio.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *opportunist(void *arg)
{
    (void)arg;
    for (int attempt = 0; attempt < 3; attempt++) {
        if (pthread_mutex_trylock(&m) == 0) {
            counter++; // NORACE
            pthread_mutex_unlock(&m);
            break;
        }
    }
    return NULL;
}

void *patient(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    counter += 10; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2, t3;

    pthread_create(&t1, NULL, opportunist, NULL);
    pthread_create(&t2, NULL, opportunist, NULL);
    pthread_create(&t3, NULL, patient, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_join(t3, NULL);
    printf("counter = %d\n", counter); // NORACE
    return 0;
}
