/* After fork the child writes the counter the worker thread also writes: the child is another process with its own copy of memory, so it races with no thread; the parent only reads the counter after joining the worker. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int counter;

static void *worker(void *arg)
{
    (void)arg;
    counter += 1; // NORACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pid_t pid = fork();
    if (pid == 0) {
        counter = 100; // NORACE
        _exit(0);
    }
    if (pid > 0)
        waitpid(pid, 0, 0);
    pthread_join(t, 0);
    return counter != 1; // NORACE
}
