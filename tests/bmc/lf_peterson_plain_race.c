/* Peterson's entry and exit protocol over plain int flags and turn: correct under sequential consistency, but every flag and turn access races with the other thread's (racy). */
#include <pthread.h>
#include <stddef.h>

static int flag[2];
static int turn;
static int entered[2];

static void *worker(void *arg)
{
    int me = (int)(size_t)arg, other = 1 - me;
    flag[me] = 1; // RACE
    turn = other; // RACE
    for (int spins = 0; spins < 2; spins++) {
        int busy = flag[other]; // RACE
        int waits = turn == other; // RACE
        if (!busy || !waits) {
            entered[me] = 1; // NORACE
            break;
        }
    }
    flag[me] = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)0);
    pthread_create(&b, NULL, worker, (void *)1);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return entered[0] + entered[1] > 2; // NORACE
}
