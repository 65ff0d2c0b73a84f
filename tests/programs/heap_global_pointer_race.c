/* main mallocs an array and publishes it in a global pointer before creating two threads that write the same element through it: race on the heap element. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int *slots;

void *writer(void *arg)
{
    int v = *(int *)arg; // NORACE
    int *p = slots; // NORACE
    p[1] = v; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int a = 5; // NORACE
    int b = 6; // NORACE

    slots = calloc(4, sizeof *slots); // NORACE
    if (slots == NULL) // NORACE
        return 0;
    pthread_create(&t1, NULL, writer, &a);
    pthread_create(&t2, NULL, writer, &b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d\n", slots[1]); // NORACE
    free(slots); // NORACE
    return 0;
}
