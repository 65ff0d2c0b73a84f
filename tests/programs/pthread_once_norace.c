/* Both threads call pthread_once before reading a lazily built table; the init routine's writes happen before every pthread_once return: no race. */
#include <pthread.h>
#include <stdio.h>

#define SIZE 8

int table[SIZE];
pthread_once_t table_once = PTHREAD_ONCE_INIT;

void build_table(void)
{
    for (int i = 0; i < SIZE; i++)
        table[i] = i * i; // NORACE
}

void *lookup(void *arg)
{
    int *io = arg;
    pthread_once(&table_once, build_table);
    int key = *io; // NORACE
    *io = table[key]; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int q1 = 3; // NORACE
    int q2 = 5; // NORACE

    pthread_create(&t1, NULL, lookup, &q1);
    pthread_create(&t2, NULL, lookup, &q2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", q1, q2); // NORACE
    return 0;
}
