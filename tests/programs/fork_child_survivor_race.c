/* A worker forks: in the child only the worker lives on, and it creates a thread that races with the worker's own write; main and its accesses stay in the parent, where the worker is joined first. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int value;

static void *late(void *arg)
{
    (void)arg;
    value = 3; // RACE
    return 0;
}

static void *worker(void *arg)
{
    (void)arg;
    pid_t pid = fork();
    if (pid == 0) {
        pthread_t t;
        pthread_create(&t, 0, late, 0);
        value = 4; // RACE
        pthread_join(t, 0);
        _exit(0);
    }
    if (pid > 0)
        waitpid(pid, 0, 0);
    return 0;
}

int main(void)
{
    pthread_t w;
    pthread_create(&w, 0, worker, 0);
    pthread_join(w, 0);
    value = 1; // NORACE
    return value != 1; // NORACE
}
