/* One thread initialises the table through pthread_once, the other reads it without calling pthread_once: nothing orders the init writes before that read, race. */
#include <pthread.h>
#include <stdio.h>

#define SIZE 8

int table[SIZE];
pthread_once_t table_once = PTHREAD_ONCE_INIT;

void build_table(void)
{
    for (int i = 0; i < SIZE; i++)
        table[i] = i + 1; // RACE
}

void *proper_user(void *arg)
{
    int *out = arg;
    pthread_once(&table_once, build_table);
    *out = table[2]; // NORACE
    return NULL;
}

void *sloppy_user(void *arg)
{
    int *out = arg;
    *out = table[0]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int a = 0; // NORACE
    int b = 0; // NORACE

    pthread_create(&t1, NULL, proper_user, &a);
    pthread_create(&t2, NULL, sloppy_user, &b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", a, b); // NORACE
    return 0;
}
