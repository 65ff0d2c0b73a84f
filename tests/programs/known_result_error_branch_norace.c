/* start() creates the worker and returns 0 on every path, so main's error branch, which would write the counter while the worker runs, is never taken: race-free. */
#include <pthread.h>
#include <stdio.h>

static int counter;
static pthread_t worker_thread;

static void *worker(void *arg)
{
    (void)arg;
    counter++; // NORACE
    return NULL;
}

static int start(void)
{
    pthread_create(&worker_thread, NULL, worker, NULL);
    return 0;
}

int main(void)
{
    if (start() != 0)
        counter = -1; // NORACE
    pthread_join(worker_thread, NULL);
    printf("%d\n", counter); // NORACE
    return 0;
}
