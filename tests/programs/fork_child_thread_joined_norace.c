/* A worker writes the global before main forks; the child joins a thread of its own before writing the same global, and the parent joins the worker before reading it: the worker is not in the child, and each process orders its own accesses. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int total;

static void *worker(void *arg)
{
    (void)arg;
    total += 1; // NORACE
    return 0;
}

static void *helper(void *arg)
{
    (void)arg;
    total = 5; // NORACE
    return 0;
}

int main(void)
{
    pthread_t w;
    pthread_create(&w, 0, worker, 0);
    pid_t pid = fork();
    if (pid == 0) {
        pthread_t t;
        pthread_create(&t, 0, helper, 0);
        pthread_join(t, 0);
        total = 7; // NORACE
        _exit(0);
    }
    if (pid > 0)
        waitpid(pid, 0, 0);
    pthread_join(w, 0);
    return total == 3; // NORACE
}
