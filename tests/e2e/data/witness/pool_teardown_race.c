/* pool_teardown_race.c - a thread pool whose teardown races (witness
 * minimisation: a random run meets the race after hundreds of switches,
 * the witness written is a few steps).
 *
 * Workers wait for a binary token, check the pool is still open, count
 * themselves busy and take a job.  main queues the jobs, waits until the
 * queue is empty and nobody is busy, closes the pool, wakes the workers,
 * gives them a moment and resets the queue.  A worker that took the token
 * and passed the open check just before main's wait ended takes (an empty)
 * job after it: its read of the queue is ordered with main's reset by
 * nothing, since main never locks what that worker released last.  Any
 * other run has no race.
 */
#include <pthread.h>
#include <unistd.h>

#define WORKERS 3
#define JOBS 24

static pthread_mutex_t token_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t token_cv = PTHREAD_COND_INITIALIZER;
static int token;          /* under token_lock */
static int open_for_work = 1; /* under token_lock */

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static int queued;         /* jobs waiting, under queue_lock (but see main) */
static int done_jobs;

static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_idle = PTHREAD_COND_INITIALIZER;
static int busy;           /* under count_lock */
static int alive;          /* under count_lock */

static void give_token(int all)
{
    pthread_mutex_lock(&token_lock);
    token = 1;
    if (all)
        pthread_cond_broadcast(&token_cv);
    else
        pthread_cond_signal(&token_cv);
    pthread_mutex_unlock(&token_lock);
}

static int take_token(void)
{
    pthread_mutex_lock(&token_lock);
    while (!token)
        pthread_cond_wait(&token_cv, &token_lock);
    token = 0;
    int open = open_for_work;
    pthread_mutex_unlock(&token_lock);
    return open;
}

static int take_job(void)
{
    int got = 0;
    pthread_mutex_lock(&queue_lock);
    int n = queued; // RACE
    if (n > 0) {
        queued = n - 1;
        got = 1;
        if (n > 1)
            give_token(0);
    }
    pthread_mutex_unlock(&queue_lock);
    return got;
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&count_lock);
    alive++;
    pthread_mutex_unlock(&count_lock);
    while (take_token()) {
        pthread_mutex_lock(&count_lock);
        busy++;
        pthread_mutex_unlock(&count_lock);
        if (take_job()) {
            pthread_mutex_lock(&queue_lock);
            done_jobs++;
            pthread_mutex_unlock(&queue_lock);
        }
        pthread_mutex_lock(&count_lock);
        if (--busy == 0)
            pthread_cond_signal(&all_idle);
        pthread_mutex_unlock(&count_lock);
    }
    return 0;
}

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], 0, worker, 0);
    pthread_mutex_lock(&count_lock);
    while (alive < WORKERS) {
        pthread_mutex_unlock(&count_lock);
        usleep(100);
        pthread_mutex_lock(&count_lock);
    }
    pthread_mutex_unlock(&count_lock);
    for (int i = 0; i < JOBS; i++) {
        pthread_mutex_lock(&queue_lock);
        queued++;
        pthread_mutex_unlock(&queue_lock);
        give_token(0);
    }
    pthread_mutex_lock(&count_lock); /* wait until idle */
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        int left = queued;
        pthread_mutex_unlock(&queue_lock);
        if (!left && !busy)
            break;
        pthread_cond_wait(&all_idle, &count_lock);
    }
    pthread_mutex_unlock(&count_lock);
    pthread_mutex_lock(&token_lock); /* close the pool */
    open_for_work = 0;
    pthread_mutex_unlock(&token_lock);
    give_token(1);
    usleep(1000);
    queued = 0; // RACE
    for (int i = 0; i < WORKERS; i++)
        pthread_detach(t[i]);
    return 0;
}
