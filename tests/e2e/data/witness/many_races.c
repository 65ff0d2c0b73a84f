/* Twenty counters a worker and main both bump without a lock, after
 * handing a turn to each other under a lock a hundred times: twenty races,
 * each met by a run of hundreds of steps, and each reported with a short
 * witness of its own. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int turn; /* 0: main's, 1: the worker's */
static int c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19;

static void handovers(int me)
{
    for (int i = 0; i < 100; i++) {
        pthread_mutex_lock(&m);
        while (turn != me)
            pthread_cond_wait(&cv, &m);
        turn = !me;
        pthread_cond_broadcast(&cv);
        pthread_mutex_unlock(&m);
    }
}

/* Both threads run it once their turns are over. */
static void bump_all(void)
{
    c0++; // RACE
    c1++; // RACE
    c2++; // RACE
    c3++; // RACE
    c4++; // RACE
    c5++; // RACE
    c6++; // RACE
    c7++; // RACE
    c8++; // RACE
    c9++; // RACE
    c10++; // RACE
    c11++; // RACE
    c12++; // RACE
    c13++; // RACE
    c14++; // RACE
    c15++; // RACE
    c16++; // RACE
    c17++; // RACE
    c18++; // RACE
    c19++; // RACE
}

static void *worker(void *arg)
{
    handovers(1);
    bump_all();
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    handovers(0);
    bump_all();
    pthread_join(t, NULL);
    return 0;
}
