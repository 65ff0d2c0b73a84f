/* Four independent races for the suppression tests (test_suppress.py):
 * on `hits` in count_hits, on `misses` in count_misses, on a benign flag
 * annotated in the source, and on `other_total` in other.c. */
#include <pthread.h>
#include <stddef.h>

int hits;
int misses;
int ready_flag;
void other_work(void);

static void count_hits(void)
{
    hits++; // RACE
}

static void count_misses(void)
{
    misses++; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    count_hits();
    count_misses();
    ready_flag = 1; // RACE racehunt:benign (a flag only polled for progress output)
    other_work();
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
