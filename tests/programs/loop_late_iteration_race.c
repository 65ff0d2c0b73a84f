/* A thread loops 1000 times and touches the shared global only in its last iteration, while main writes it unsynchronised: race reachable only after many loop iterations. */
#include <pthread.h>
#include <stdio.h>

#define ITERS 1000

int checkpoint;

void *scanner(void *arg)
{
    long local_sum = 0;
    (void)arg;
    for (int i = 0; i < ITERS; i++) {
        local_sum += i;
        if (i == ITERS - 1)
            checkpoint = (int)(local_sum % 1000); // RACE
    }
    return NULL;
}

int main(void)
{
    pthread_t t;

    pthread_create(&t, NULL, scanner, NULL);
    checkpoint = -1; // RACE
    pthread_join(t, NULL);
    printf("checkpoint = %d\n", checkpoint); // NORACE
    return 0;
}
