/* A worker calls pthread_exit inside a cleanup region: the exit runs the handler before the worker ends, so main's read after the join is ordered after the handler's write. */
#include <pthread.h>

int done;

static void finish(void *arg)
{
    (void)arg;
    done = 1; // NORACE
}

static void *worker(void *arg)
{
    pthread_cleanup_push(finish, arg);
    pthread_exit(0);
    pthread_cleanup_pop(0);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return done != 1; // NORACE
}
