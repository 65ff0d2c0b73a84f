/* Two threads hold the rwlock only in read mode yet both write the same counter: read locks are shared, so the writes race. */
#include <pthread.h>
#include <stdio.h>

int lookups;
int table[4] = {1, 2, 3, 4};
pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;

void *lookup(void *arg)
{
    int key = *(int *)arg; // NORACE
    int value;
    pthread_rwlock_rdlock(&table_lock);
    value = table[key]; // NORACE
    lookups++; // RACE
    pthread_rwlock_unlock(&table_lock);
    return value > 0 ? NULL : arg;
}

int main(void)
{
    pthread_t t1, t2;
    int k1 = 1; // NORACE
    int k2 = 3; // NORACE

    pthread_create(&t1, NULL, lookup, &k1);
    pthread_create(&t2, NULL, lookup, &k2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("lookups = %d\n", lookups); // NORACE
    return 0;
}
