/* A Chase-Lev work-stealing deque of two tasks: the owner pops from the bottom and, for the last task, races the thief for it with a compare-and-swap on top, so every task runs once (race-free). */
#include <pthread.h>
#include <stddef.h>

static int result[2];
static long top, bottom = 2;

static void run(long task, int who)
{
    result[task] = who; // NORACE
}

static void *thief(void *arg)
{
    long t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
    (void)arg;
    if (t < __atomic_load_n(&bottom, __ATOMIC_SEQ_CST) &&
        __atomic_compare_exchange_n(&top, &t, t + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        run(t, 2);
    return NULL;
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, NULL, thief, NULL);
    for (int k = 0; k < 2; k++) {
        long b = __atomic_load_n(&bottom, __ATOMIC_SEQ_CST) - 1;
        __atomic_store_n(&bottom, b, __ATOMIC_SEQ_CST);
        long t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
        if (t > b) {
            __atomic_store_n(&bottom, b + 1, __ATOMIC_SEQ_CST);
            break;
        }
        if (t == b) {
            int won = __atomic_compare_exchange_n(&top, &t, t + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
            __atomic_store_n(&bottom, b + 1, __ATOMIC_SEQ_CST);
            if (won)
                run(b, 1);
            break;
        }
        run(b, 1);
    }
    pthread_join(th, NULL);
    return result[0] + result[1] == 0; // NORACE
}
