/* The worker leaves through pthread_exit from a nested helper after writing; main reads after pthread_join: join orders the write, no race. */
#include <pthread.h>
#include <stdio.h>

int progress;

void finish(int code)
{
    progress = code; // NORACE
    pthread_exit(NULL);
}

void *worker(void *arg)
{
    (void)arg;
    progress = 1; // NORACE
    finish(100);
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    printf("progress = %d\n", progress); // NORACE
    return 0;
}
