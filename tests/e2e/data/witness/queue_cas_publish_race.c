/* A profiler's message queue in small: both threads take slots from one
 * counter by compare-and-swap.  The producer computes for a while (no
 * shared access), fills a record, takes a slot, then publishes the
 * record there with a plain flag; the consumer polls the flag, reads the
 * record, then takes a slot of its own and sleeps.  Each field's write
 * and read race, ordered only by the flag's race, and only while the
 * consumer reads before its own CAS that follows the producer's (the
 * counter's plain read before each CAS races with the other's CAS): a
 * schedule that lets the consumer loop (and CAS) between the producer's
 * CAS and its reads shows them ordered.  Each race is reported with a
 * witness of a few dozen steps at most that replays into it. */
#include <pthread.h>
#include <unistd.h>

struct record {
    int id;
    int depth;
    long start;
    long length;
    int calls;
};

static struct record rec[4];
static struct record *volatile slot[64];
static volatile int published;
static int wpos;
static int stop;

static int take_slot(void)
{
    int w;
    do
        w = wpos; // RACE
    while (!__sync_bool_compare_and_swap(&wpos, w, w + 1)); // RACE
    return w;
}

static void *consumer(void *arg)
{
    long sum = 0;
    int seen = 0;
    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
        int p = published; // RACE
        if (p > seen) {
            struct record *r = slot[(p - 1) % 64]; // RACE
            sum += r->id; // RACE
            sum += r->depth; // RACE
            sum += r->start; // RACE
            sum += r->length; // RACE
            sum += r->calls; // RACE
            seen = p;
        }
        slot[take_slot() % 64] = 0; // RACE
        usleep(1000);
    }
    return (void *)sum;
}

int main(void)
{
    pthread_t t;
    volatile double x = 0;
    pthread_create(&t, 0, consumer, 0);
    for (int k = 1; k <= 6; k++) {
        for (int i = 0; i < 300000; i++)
            x += i * 0.5;
        struct record *r = &rec[k % 4];
        r->id = k; // RACE
        r->depth = 2; // RACE
        r->start = 1000; // RACE
        r->length = 250; // RACE
        r->calls = 12; // RACE
        int s = take_slot();
        slot[s % 64] = r; // RACE
        published = s + 1; // RACE
    }
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    pthread_join(t, 0);
    return (int)x & 1;
}
