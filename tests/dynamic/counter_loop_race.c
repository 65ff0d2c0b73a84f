/* Two threads increment a counter a million times each, unlocked: a race one run finds. */
/* As in the NIST Juliet tests.  One run finds the race under every
 * strategy: none lets the first thread run its whole loop (past the step
 * limit) before the second has started.
 * Run: racehunt --engine=dynamic --runs=1 --strategy=fifo */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 1000000

static int counter;

static void *work(void *arg)
{
    for (int i = 0; i < ROUNDS; i++)
        counter++; // RACE
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", counter);
    return 0;
}
