/* lock and unlock wrappers take the mutex field of the object they are given (with error handling); every access between a wrapper lock and unlock of the same object is protected, whichever object it is */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
    pthread_mutex_t m;
    long balance;
};

static void account_lock(struct account *a)
{
    if (pthread_mutex_lock(&a->m) != 0) {
        fprintf(stderr, "lock failed\n");
        abort();
    }
}

static void account_unlock(struct account *a)
{
    pthread_mutex_unlock(&a->m);
}

static long account_get(struct account *a)
{
    account_lock(a);
    long v = a->balance; // NORACE
    account_unlock(a);
    return v;
}

static void *depositor(void *arg)
{
    struct account *a = arg;
    for (int i = 0; i < 3; i++) {
        account_lock(a);
        a->balance += 10; // NORACE
        account_unlock(a);
    }
    return NULL;
}

int main(void)
{
    struct account *accs[2];
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        accs[i] = malloc(sizeof *accs[i]);
        pthread_mutex_init(&accs[i]->m, NULL);
        accs[i]->balance = 0; // NORACE
    }
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, depositor, accs[i]);
    long seen = account_get(accs[0]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%ld %ld %ld\n", seen, account_get(accs[0]), account_get(accs[1]));
    for (int i = 0; i < 2; i++)
        free(accs[i]); // NORACE
    return 0;
}
