/* Main initialises a global before pthread_create and reads it only after pthread_join; the thread writes in between: create and join order everything, no race. */
#include <pthread.h>
#include <stdio.h>

int status;

void *worker(void *arg)
{
    (void)arg;
    if (status == 1) // NORACE
        status = 2; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    status = 1; // NORACE
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    printf("status = %d\n", status); // NORACE
    return 0;
}
