/* A producer fills a record of five fields and publishes it with a plain
 * flag; the consumer polls the flag, then reads every field.  The flag is
 * no synchronisation, so each field's write and read race, every one of
 * them ordered only by the flag's race: six races of one publication,
 * met after a few hundred locked warm-up rounds.  Each is reported with a
 * short witness of its own that replays (one replay confirms the group). */
#include <pthread.h>

struct record {
    int id;
    int size;
    long start;
    long length;
    int colour;
};

static struct record rec;
static volatile int ready;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long warm;

static void *consumer(void *arg)
{
    for (int i = 0; i < 300; i++) {
        pthread_mutex_lock(&m);
        warm += i; // NORACE
        pthread_mutex_unlock(&m);
    }
    while (!ready) // RACE
        ;
    long sum = rec.id; // RACE
    sum += rec.size; // RACE
    sum += rec.start; // RACE
    sum += rec.length; // RACE
    sum += rec.colour; // RACE
    return (void *)sum;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, consumer, 0);
    for (int i = 0; i < 300; i++) {
        pthread_mutex_lock(&m);
        warm -= i; // NORACE
        pthread_mutex_unlock(&m);
    }
    rec.id = 7; // RACE
    rec.size = 64; // RACE
    rec.start = 1000; // RACE
    rec.length = 250; // RACE
    rec.colour = 3; // RACE
    ready = 1; // RACE
    pthread_join(t, 0);
    return 0;
}
