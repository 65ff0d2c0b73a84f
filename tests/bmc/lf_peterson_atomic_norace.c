/* Peterson's mutual exclusion over sequentially consistent atomic flags and turn: the critical sections are ordered through them, and a thread whose bounded spin gives up skips its section (race-free). */
#include <pthread.h>
#include <stddef.h>

static int flag[2];
static int turn;
static int shared;

static void *worker(void *arg)
{
    int me = (int)(size_t)arg, other = 1 - me;
    __atomic_store_n(&flag[me], 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&turn, other, __ATOMIC_SEQ_CST);
    for (int spins = 0; spins < 2; spins++) {
        if (!__atomic_load_n(&flag[other], __ATOMIC_SEQ_CST) || __atomic_load_n(&turn, __ATOMIC_SEQ_CST) != other) {
            shared = me; // NORACE
            break;
        }
    }
    __atomic_store_n(&flag[me], 0, __ATOMIC_SEQ_CST);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)0);
    pthread_create(&b, NULL, worker, (void *)1);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return shared > 1; // NORACE
}
