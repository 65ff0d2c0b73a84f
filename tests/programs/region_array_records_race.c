/* An array of account records, each with its own mutex: the operation count is bumped after the record's mutex is released, so two tellers on one record race on it. */
#include <pthread.h>

struct account {
    pthread_mutex_t lock;
    long balance;
    int ops;
};

static struct account accts[4];

static void deposit(struct account *a, long amount)
{
    pthread_mutex_lock(&a->lock);
    a->balance += amount; // NORACE
    pthread_mutex_unlock(&a->lock);
    a->ops++; // RACE
}

static void *teller(void *arg)
{
    int k = (int)(long)arg;
    struct account *from = &accts[k % 4];
    struct account *to = &accts[(k * 3 + 1) % 4];
    deposit(from, -10);
    deposit(to, 10);
    return NULL;
}

int main(void)
{
    for (int i = 0; i < 4; i++) {
        pthread_mutex_init(&accts[i].lock, NULL);
        accts[i].balance = 100; // NORACE
    }
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, teller, (void *)(long)i);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    return accts[0].balance == 100 ? 0 : 0; // NORACE
}
