/* Main joins only the first of two workers before reading; the second worker's write is still unordered with main's read: race with that worker only. */
#include <pthread.h>
#include <stdio.h>

int first_done;
int second_done;

void *first(void *arg)
{
    (void)arg;
    first_done = 1; // NORACE
    return NULL;
}

void *second(void *arg)
{
    (void)arg;
    second_done = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, first, NULL);
    pthread_create(&t2, NULL, second, NULL);
    pthread_join(t1, NULL);
    int a = first_done; // NORACE
    int b = second_done; // RACE
    pthread_join(t2, NULL);
    printf("%d %d\n", a, b);
    return 0;
}
