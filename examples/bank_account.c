/* bank_account.c - the example racehunt's set-up command runs on.
 *
 * Two tellers deposit into a shared account.  The deposit is protected by
 * the account's mutex, but the audit counter is not: both tellers increment
 * it without a lock, so it races.  Build and run it with
 *   gcc -pthread examples/bank_account.c && ./a.out
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
    pthread_mutex_t lock;
    long balance;
    long audits;
};

static void *teller(void *arg)
{
    struct account *acc = arg;
    for (int i = 0; i < 1000; i++) {
        pthread_mutex_lock(&acc->lock);
        acc->balance += 10; // NORACE
        pthread_mutex_unlock(&acc->lock);
        acc->audits++; // RACE
    }
    return NULL;
}

int main(void)
{
    struct account *acc = calloc(1, sizeof *acc);
    pthread_t t1, t2;
    pthread_mutex_init(&acc->lock, NULL);
    pthread_create(&t1, NULL, teller, acc);
    pthread_create(&t2, NULL, teller, acc);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance %ld after %ld audits\n", acc->balance, acc->audits); // NORACE
    pthread_mutex_destroy(&acc->lock);
    free(acc);
    return 0;
}
