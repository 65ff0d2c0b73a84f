/* Main cancels the worker and reads its progress before joining it: pthread_cancel only asks the worker to stop, so the read races with the worker's writes. */
#include <pthread.h>
#include <stdio.h>

int progress;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000; i++) {
        progress = i; // RACE
        pthread_testcancel();
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    printf("progress %d\n", progress); // RACE
    pthread_join(t, 0);
    return 0;
}
