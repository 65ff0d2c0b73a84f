/* start() creates the worker and then reports failure when asked to (here it is asked, argc is 1), so main's error branch writes the counter while the worker runs: race. */
#include <pthread.h>
#include <stdio.h>

static int counter;
static pthread_t worker_thread;

static void *worker(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

static int start(int fail)
{
    pthread_create(&worker_thread, NULL, worker, NULL);
    return fail ? 1 : 0;
}

int main(int argc, char **argv)
{
    (void)argv;
    if (start(argc == 1) != 0)
        counter = -1; // RACE
    pthread_join(worker_thread, NULL);
    printf("%d\n", counter); // NORACE
    return 0;
}
