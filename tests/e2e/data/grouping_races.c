/* grouping: three racing accesses on `hits` (two threads), one race on `flag`, `total` under a lock */
#include <pthread.h>
#include <stdio.h>

int hits;
int flag;
int total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *counter(void *arg)
{
    (void)arg;
    hits = hits + 1; // RACE
    pthread_mutex_lock(&lock);
    total += 2; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *setter(void *arg)
{
    (void)arg;
    flag = 1; // RACE
    hits = 7; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, counter, NULL);
    pthread_create(&b, NULL, setter, NULL);
    int seen = flag; // RACE
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d %d %d\n", hits, seen, total);
    return 0;
}
