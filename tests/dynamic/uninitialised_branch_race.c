/* uninitialised_branch_race.c - main branches on an uninitialised local
 * (an indeterminate value in C, `undef` in LLVM) before the racy part:
 * the instrumented build must not let the optimiser treat that branch as
 * undefined behaviour and drop the rest of main. */
#include <pthread.h>

static int hits;

static void *bump(void *arg)
{
    (void)arg;
    hits++; // RACE
    return 0;
}

int main(void)
{
    int flag;
    pthread_t a, b;
    if (flag)
        pthread_create(&b, 0, bump, 0);
    pthread_create(&a, 0, bump, 0);
    hits++; // RACE
    pthread_join(a, 0);
    return 0;
}
