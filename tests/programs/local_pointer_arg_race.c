/* main passes the address of its local variable to a thread and reads the local before joining: the thread's write and main's read race. */
#include <pthread.h>
#include <stdio.h>

void *produce(void *arg)
{
    int *out = arg;
    *out = 42; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int result = 0; // NORACE
    int early;

    pthread_create(&t, NULL, produce, &result);
    early = result; // RACE
    pthread_join(t, NULL);
    printf("early = %d, final = %d\n", early, result); // NORACE
    return 0;
}
