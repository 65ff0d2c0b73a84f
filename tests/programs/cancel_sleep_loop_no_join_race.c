/* Main cancels a worker that writes its result before sleeping, and overwrites the result before joining: pthread_cancel only asks the worker to stop at its next cancellation point, so the worker's write may still come after main's. */
#include <pthread.h>
#include <unistd.h>

int result;

static void *worker(void *arg)
{
    (void)arg;
    result = 42; // RACE
    for (int i = 0; i < 3; i++)
        usleep(100);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    result = -1; // RACE
    pthread_join(t, 0);
    return 0;
}
