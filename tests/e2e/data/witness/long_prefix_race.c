/* long_prefix_race.c - a race behind thousands of private and lock-protected steps: both workers bump `finished` without the lock, so its witness needs only the two creations and the two increments, whatever ran before */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long total;
static int finished;

static void *worker(void *arg)
{
    long *mine = arg;
    for (int i = 0; i < 2000; i++) {
        pthread_mutex_lock(&m);
        total += mine[i % 4]; // NORACE
        pthread_mutex_unlock(&m);
    }
    finished++; // RACE
    return NULL;
}

int main(void)
{
    static long table[2][4];
    for (int i = 0; i < 3000; i++)
        table[i % 2][i % 4] = i; // NORACE
    pthread_t a, b;
    pthread_create(&a, NULL, worker, table[0]);
    pthread_create(&b, NULL, worker, table[1]);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return total > 0 && finished > 0 ? 0 : 1; // NORACE
}
