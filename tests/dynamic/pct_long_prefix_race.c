/* PCT after a long single-threaded prefix: main fills a table before it
 * creates anybody.  The race needs `second` to take the lock before
 * `first`: then `first` writes after its unlock while `second` writes after
 * its own, unordered.  When `first` locks first, `second` sees the flag and
 * does not write, so no trace of that order predicts the race.  PCT used to
 * count the prefix's steps as chances to change priorities: its change
 * points fell into the prefix and dropped main below every thread, so
 * `first` always ran to the end before main created `second`.
 * Run: racehunt --engine=dynamic --strategy=pct --runs=30 */
#include <pthread.h>
#include <stdio.h>

#define TABLE 5000

int table[TABLE];
int shared;
int first_done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *first(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    first_done = 1; // NORACE
    pthread_mutex_unlock(&m);
    shared = 1; // RACE
    return NULL;
}

void *second(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    int seen = first_done; // NORACE
    pthread_mutex_unlock(&m);
    if (!seen)
        shared = 2; // RACE
    return NULL;
}

int main(void)
{
    for (int i = 0; i < TABLE; i++)
        table[i] = i * 3; // NORACE
    pthread_t a, b;
    pthread_create(&a, NULL, first, NULL);
    pthread_create(&b, NULL, second, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d %d\n", shared, table[TABLE - 1]);
    return 0;
}
