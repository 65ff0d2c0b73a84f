/* A producer fills a record of ten fields and publishes it with a plain
 * flag, after a loop of locked rounds with the consumer; the consumer then
 * polls the flag and reads every field.  The flag is no synchronisation,
 * so each field's write and read race, every one ordered only by the
 * flag's race: eleven races of one publication, met after a recorded
 * schedule of hundreds of switches.  Each is reported with a witness of a
 * few dozen steps at most that replays into it (one replay of the
 * publication's schedule gives the group theirs, each cut where that
 * replay met its race). */
#include <pthread.h>

struct sample {
    int id;
    int depth;
    long start;
    long length;
    int colour;
    int calls;
    long self_time;
    long hash;
    int first_child;
    int next_sibling;
};

static struct sample smp;
static int published;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long rounds;

static void *consumer(void *arg)
{
    for (int i = 0; i < 200; i++) {
        pthread_mutex_lock(&m);
        rounds += i; // NORACE
        pthread_mutex_unlock(&m);
    }
    while (!published) // RACE
        ;
    long sum = smp.id; // RACE
    sum += smp.depth; // RACE
    sum += smp.start; // RACE
    sum += smp.length; // RACE
    sum += smp.colour; // RACE
    sum += smp.calls; // RACE
    sum += smp.self_time; // RACE
    sum += smp.hash; // RACE
    sum += smp.first_child; // RACE
    sum += smp.next_sibling; // RACE
    return (void *)sum;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, consumer, 0);
    for (int i = 0; i < 200; i++) {
        pthread_mutex_lock(&m);
        rounds -= i; // NORACE
        pthread_mutex_unlock(&m);
    }
    smp.id = 7; // RACE
    smp.depth = 2; // RACE
    smp.start = 1000; // RACE
    smp.length = 250; // RACE
    smp.colour = 3; // RACE
    smp.calls = 12; // RACE
    smp.self_time = 90; // RACE
    smp.hash = 0x5eed; // RACE
    smp.first_child = -1; // RACE
    smp.next_sibling = -1; // RACE
    published = 1; // RACE
    pthread_join(t, 0);
    return 0;
}
