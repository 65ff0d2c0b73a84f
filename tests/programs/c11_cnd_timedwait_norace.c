/* C11 condition variable: the consumer waits with cnd_timedwait in a loop on the flag under an mtx_t; the producer writes the item before setting the flag under the same mutex: no race. */
#include <threads.h>
#include <time.h>

mtx_t lock;
cnd_t cv;
int ready;
int item;

static int producer(void *arg)
{
    (void)arg;
    item = 8; // NORACE
    mtx_lock(&lock);
    ready = 1; // NORACE
    cnd_signal(&cv);
    mtx_unlock(&lock);
    return 0;
}

int main(void)
{
    mtx_init(&lock, mtx_plain);
    cnd_init(&cv);
    thrd_t t;
    thrd_create(&t, producer, 0);
    struct timespec ts = {0, 0};
    mtx_lock(&lock);
    while (!ready) { // NORACE
        ts.tv_sec = time(0) + 1;
        cnd_timedwait(&cv, &lock, &ts);
    }
    mtx_unlock(&lock);
    int got = item; // NORACE
    thrd_join(t, 0);
    return got != 8;
}
