/* Mutant (drop-join) of tests/programs/heap_struct_arg_mutex_norace.c: main no longer joins t1, so its read of the balance and the free race with t1's locked update. bmc's witness (t2 runs first, main reads while t1 is inside its critical section) does not replay: the replay departs from the schedule 10 times. */
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
    acc->balance += 10; // RACE
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
    ;
    pthread_join(t2, NULL);
    printf("balance = %d\n", acc->balance); // RACE
    pthread_mutex_destroy(&acc->lock);
    free(acc); // RACE
    return 0;
}
