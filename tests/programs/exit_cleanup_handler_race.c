/* A worker calls pthread_exit inside a cleanup region: the exit runs the handler, whose write races with main's read before the join. */
#include <pthread.h>

int done;

static void finish(void *arg)
{
    (void)arg;
    done = 1; // RACE
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
    int seen = done; // RACE
    pthread_join(t, 0);
    return seen > 1;
}
