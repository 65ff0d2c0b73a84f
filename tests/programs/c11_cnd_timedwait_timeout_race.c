/* C11 condition variable nobody signals: cnd_timedwait answers thrd_timedout, and on that path main overwrites the note the worker writes without any ordering between them: race. */
#include <pthread.h>
#include <threads.h>
#include <time.h>

mtx_t lock;
cnd_t cv;
int note;

static void *worker(void *arg)
{
    (void)arg;
    note = 1; // RACE
    return 0;
}

int main(void)
{
    mtx_init(&lock, mtx_plain);
    cnd_init(&cv);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    ts.tv_nsec += 10000000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    mtx_lock(&lock);
    int rc = cnd_timedwait(&cv, &lock, &ts);
    mtx_unlock(&lock);
    if (rc == thrd_timedout)
        note = 2; // RACE
    pthread_join(t, 0);
    return 0;
}
