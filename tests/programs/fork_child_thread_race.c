/* The child of a fork creates a thread and both write the same global without ordering: the child is a process of its own with two threads, so they race there; the parent only waits for the child. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int total;

static void *helper(void *arg)
{
    (void)arg;
    total = 1; // RACE
    return 0;
}

int main(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        pthread_t t;
        pthread_create(&t, 0, helper, 0);
        total = 2; // RACE
        pthread_join(t, 0);
        _exit(0);
    }
    if (pid > 0)
        waitpid(pid, 0, 0);
    return 0;
}
