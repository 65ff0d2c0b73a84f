/* A malloc'd struct is passed to two threads as their argument; both update the same field without a lock: race on the heap object. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
    int balance;
    int owner;
};

void *deposit(void *arg)
{
    struct account *acc = arg;
    acc->balance += 10; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    struct account *acc = malloc(sizeof *acc);

    if (acc == NULL)
        return 0;
    acc->balance = 100; // NORACE
    acc->owner = 7; // NORACE
    pthread_create(&t1, NULL, deposit, acc);
    pthread_create(&t2, NULL, deposit, acc);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance = %d\n", acc->balance); // NORACE
    free(acc); // NORACE
    return 0;
}
