/* A recursive mutex guards a balance: deposit() takes it and is called
 * both alone and from transfer(), which already holds it, so the nested
 * lock must pass; every write happens with the mutex held at some depth,
 * including the one after the inner unlock, so there is no race. */
#define _GNU_SOURCE
#include <pthread.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int balance;

static void deposit(int v)
{
    pthread_mutex_lock(&m);
    balance = balance + v; // NORACE
    pthread_mutex_unlock(&m);
}

static void transfer(int v)
{
    pthread_mutex_lock(&m);
    deposit(v);
    balance = balance - 1; // NORACE
    pthread_mutex_unlock(&m);
}

void *worker(void *arg)
{
    (void)arg;
    transfer(2);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    deposit(5);
    pthread_join(t, NULL);
    return balance == 0;
}
