/* A timed lock may time out while its holder still runs: with a deadline
 * already past, pthread_mutex_timedlock answers ETIMEDOUT whenever it meets
 * the lock held.  The holder neither blocks nor spins while it holds the
 * lock (its computation makes no scheduling points), so a scheduler that
 * timed a wait out only when nothing else can run (or while a thread
 * spins) would always let main wait for the lock and take the locked
 * branch.  PCT and the random walk time a blocked timed wait out in one
 * run of four: then main's reset on the timeout branch races with the
 * holder's locked update.
 * Run: racehunt --engine=dynamic --strategy=pct --runs=40 */
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
sem_t holding;
int counter;

static void *holder(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    sem_post(&holding);
    unsigned long x = 1; /* a timing hint only: some milliseconds of work under the lock */
    for (int i = 0; i < 10000000; i++)
        x = x * 31 + (unsigned long)i;
    counter++; // RACE
    pthread_mutex_unlock(&lock);
    return (void *)x;
}

int main(void)
{
    sem_init(&holding, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, holder, 0);
    sem_wait(&holding);
    struct timespec past = {0, 0};
    if (pthread_mutex_timedlock(&lock, &past) == 0) {
        counter += 10; // NORACE
        pthread_mutex_unlock(&lock);
    } else {
        counter = 0; // RACE
    }
    pthread_join(t, 0);
    return 0;
}
