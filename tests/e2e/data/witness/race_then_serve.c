/* Two workers bump a counter without a lock, then main goes on serving for
 * three seconds (a server's loop): a replay has shown the race once it reaches
 * it, and must not wait for the rest of the run. */
#include <pthread.h>
#include <poll.h>

int hits;

static void *worker(void *arg)
{
    (void)arg;
    hits = hits + 1; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    for (int i = 0; i < 3; i++) /* serve for three seconds: wait for requests that never come */
        poll(0, 0, 1000);
    return hits > 2;
}
