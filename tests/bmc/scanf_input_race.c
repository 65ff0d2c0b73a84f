/* scanf writes what it assigns: main reads two numbers after starting the
 * worker, and the second one lands in a global the worker reads without a
 * lock.  Only an input with two numbers makes the race (scanf's result
 * says how many it assigned), so bmc has to choose that input. */
#include <pthread.h>
#include <stdio.h>

int first_value;
int limit;

void *worker(void *arg)
{
    (void)arg;
    return (void *)(long)limit; // RACE
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int got = scanf("%d %d", &first_value, &limit); // RACE
    pthread_join(t, 0);
    return got;
}
