/* The mutex is taken through wrapper functions lock()/unlock(); both threads use them around every access: no race. */
#include <pthread.h>
#include <stdio.h>

int balance;
pthread_mutex_t balance_lock = PTHREAD_MUTEX_INITIALIZER;

void lock(pthread_mutex_t *m)
{
    pthread_mutex_lock(m);
}

void unlock(pthread_mutex_t *m)
{
    pthread_mutex_unlock(m);
}

void *deposit(void *arg)
{
    int amount = *(int *)arg; // NORACE
    lock(&balance_lock);
    balance += amount; // NORACE
    unlock(&balance_lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int five = 5; // NORACE
    int seven = 7; // NORACE

    pthread_create(&t1, NULL, deposit, &five);
    pthread_create(&t2, NULL, deposit, &seven);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance = %d\n", balance); // NORACE
    return 0;
}
