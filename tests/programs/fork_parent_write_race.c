/* After fork the parent (not the child) writes the counter while the worker thread may still be writing it: the fork orders nothing between the parent's threads, race. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int counter;

static void *worker(void *arg)
{
    (void)arg;
    counter += 1; // RACE
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pid_t pid = fork();
    if (pid == 0)
        _exit(0);
    counter += 10; // RACE
    if (pid > 0)
        waitpid(pid, 0, 0);
    pthread_join(t, 0);
    return 0;
}
