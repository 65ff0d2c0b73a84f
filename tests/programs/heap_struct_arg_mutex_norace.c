/* A malloc'd struct carrying its own mutex is passed to two threads; every field access holds that mutex: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
    pthread_mutex_t lock;
    int balance;
};

void *deposit(void *arg)
{
    struct account *acc = arg;
    pthread_mutex_lock(&acc->lock);
    acc->balance += 10; // NORACE
    pthread_mutex_unlock(&acc->lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    struct account *acc = malloc(sizeof *acc);

    if (acc == NULL)
        return 0;
    pthread_mutex_init(&acc->lock, NULL);
    acc->balance = 100; // NORACE
    pthread_create(&t1, NULL, deposit, acc);
    pthread_create(&t2, NULL, deposit, acc);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance = %d\n", acc->balance); // NORACE
    pthread_mutex_destroy(&acc->lock);
    free(acc); // NORACE
    return 0;
}
