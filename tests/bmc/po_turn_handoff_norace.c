/* Two threads hand a turn back and forth three times through a seq_cst atomic, each spinning a bounded number of times: data is only touched by the thread holding the turn, so no race, but a proof must follow every interleaving of the spins (many context switches). */
#include <pthread.h>
#include <stdatomic.h>

#define ROUNDS 3
#define SPINS 4

atomic_int turn;
int data;

static void take_turns(int me)
{
    for (int r = 0; r < ROUNDS; r++) {
        int k = 0;
        while (atomic_load(&turn) != me && k < SPINS)
            k++;
        if (atomic_load(&turn) != me)
            return;
        data = data + 1; // NORACE
        atomic_store(&turn, 1 - me);
    }
}

void *pong(void *arg)
{
    (void)arg;
    take_turns(1);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, pong, NULL);
    take_turns(0);
    pthread_join(t, NULL);
    return data == 100;
}
