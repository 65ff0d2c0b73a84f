/* The worker writes and ends with pthread_exit, but main reads the global before joining it: pthread_exit does not synchronise with main by itself, race. */
#include <pthread.h>
#include <stdio.h>

int progress;

void *worker(void *arg)
{
    (void)arg;
    progress = 1; // RACE
    pthread_exit(NULL);
}

int main(void)
{
    pthread_t t;
    int peek;

    pthread_create(&t, NULL, worker, NULL);
    peek = progress; // RACE
    pthread_join(t, NULL);
    printf("peek = %d, final = %d\n", peek, progress); // NORACE
    return 0;
}
