/* main passes the address of its local variable to a thread and only reads it after pthread_join: join orders the write before the read, no race. */
#include <pthread.h>
#include <stdio.h>

void *produce(void *arg)
{
    int *out = arg;
    int sum = 0;
    for (int i = 1; i <= 10; i++)
        sum += i;
    *out = sum; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int result = -1; // NORACE

    pthread_create(&t, NULL, produce, &result);
    pthread_join(t, NULL);
    printf("result = %d\n", result); // NORACE
    return 0;
}
