/* scanf before the thread starts, and its result checked: the worker only
 * reads what main parsed, so no input makes a race; bmc must cover every
 * result (EOF, one number, two) to prove it. */
#include <pthread.h>
#include <stdio.h>

int workers;
long budget;

void *worker(void *arg)
{
    (void)arg;
    return (void *)(budget + workers); // NORACE
}

int main(void)
{
    int got = scanf("%d %ld", &workers, &budget); // NORACE
    if (got < 1)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return workers > 0 ? 0 : 1; // NORACE
}
