/* A thread receives a pointer to main's pointer and writes through both levels while main writes the pointee: race on the pointed-to int. */
#include <pthread.h>
#include <stdio.h>

void *through(void *arg)
{
    int **pp = arg;
    int *target = *pp; // NORACE
    *target = 5; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int value = 0; // NORACE
    int *p = &value; // NORACE

    pthread_create(&t, NULL, through, &p);
    value = 1; // RACE
    pthread_join(t, NULL);
    printf("value = %d\n", value); // NORACE
    return 0;
}
