/* A recursive mutex taken twice through a locked helper called from a locked section: after the helper's unlock the outer lock is still held, so the write after it is protected. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m;
int balance;

static void deposit(int amount)
{
    pthread_mutex_lock(&m);
    balance += amount; // NORACE
    pthread_mutex_unlock(&m);
}

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    deposit(10);
    balance -= 1; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t attr;
    pthread_t t;

    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_create(&t, NULL, worker, NULL);
    deposit(5);
    pthread_join(t, NULL);
    printf("balance = %d\n", balance); // NORACE
    return 0;
}
