/* two threads qsort their own arrays with a comparator touching nothing shared */
#include <pthread.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void *sorter(void *arg)
{
    int v[4] = {3, 1, 2, 0};
    (void)arg;
    qsort(v, 4, sizeof v[0], by_value);
    return (void *)(long)v[0];
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, sorter, NULL);
    pthread_create(&b, NULL, sorter, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
