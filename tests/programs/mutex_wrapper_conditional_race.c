/* A lock wrapper only locks when asked to; one thread calls it with locking disabled, so its write is unprotected: race. */
#include <pthread.h>
#include <stdio.h>

int balance;
pthread_mutex_t balance_lock = PTHREAD_MUTEX_INITIALIZER;

void maybe_lock(pthread_mutex_t *m, int enabled)
{
    if (enabled)
        pthread_mutex_lock(m);
}

void maybe_unlock(pthread_mutex_t *m, int enabled)
{
    if (enabled)
        pthread_mutex_unlock(m);
}

void *deposit(void *arg)
{
    int use_lock = *(int *)arg; // NORACE
    maybe_lock(&balance_lock, use_lock);
    balance += 10; // RACE
    maybe_unlock(&balance_lock, use_lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int yes = 1; // NORACE
    int no = 0; // NORACE

    pthread_create(&t1, NULL, deposit, &yes);
    pthread_create(&t2, NULL, deposit, &no);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance = %d\n", balance); // NORACE
    return 0;
}
