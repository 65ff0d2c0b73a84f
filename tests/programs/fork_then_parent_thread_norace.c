/* Main forks first; the child writes the flag and exits, the parent then creates a worker that writes the flag too and joins it: the child's write is in another process and the parent orders its own threads by create and join. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int flag;

static void *worker(void *arg)
{
    (void)arg;
    flag = 1; // NORACE
    return 0;
}

int main(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        flag = 2; // NORACE
        _exit(0);
    }
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    pthread_join(t, 0);
    return flag + status == 3; // NORACE
}
