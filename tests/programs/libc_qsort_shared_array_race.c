/* one thread qsorts a shared array while main reads it: qsort writes the elements */
#include <pthread.h>
#include <stdlib.h>

static int table[4] = {3, 1, 2, 0};

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void *sorter(void *arg)
{
    (void)arg;
    qsort(table, 4, sizeof table[0], by_value); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, sorter, NULL);
    int first = table[0]; // RACE
    pthread_join(a, NULL);
    return first > 3;
}
