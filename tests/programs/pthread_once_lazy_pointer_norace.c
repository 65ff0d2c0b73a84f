/* Workers publish a lazily allocated table through pthread_once and then read the table pointer without a lock: every pthread_once returns only after the routine's write of the pointer, so the read is ordered after it; the table entries are updated under a mutex. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int *table;
pthread_once_t table_once = PTHREAD_ONCE_INIT;
pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static void make_table(void)
{
    table = calloc(4, sizeof *table); // NORACE
}

void *worker(void *arg)
{
    pthread_once(&table_once, make_table);
    int *t = table; // NORACE
    if (!t)
        return NULL;
    pthread_mutex_lock(&table_lock);
    t[*(int *)arg] += 1; // NORACE
    pthread_mutex_unlock(&table_lock);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    int zero = 0, one = 1;

    pthread_create(&a, NULL, worker, &zero);
    pthread_create(&b, NULL, worker, &one);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    if (table) // NORACE
        printf("%d %d\n", table[0], table[1]); // NORACE
    free(table); // NORACE
    return 0;
}
