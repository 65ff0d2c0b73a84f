/* Per-thread statistics in an array of structs indexed by the thread's number, and a branch on that number choosing which global the first thread alone writes: race-free. */
#include <pthread.h>

struct stats {
    long count;
    long max;
};

#define W 4
static struct stats per[W];
static int leader_flag;

static void *run(void *arg)
{
    int w = (int)(long)arg;
    struct stats *st = &per[w];
    for (int k = 0; k < 10; k++) {
        st->count++; // NORACE
        if (k * w > st->max) // NORACE
            st->max = k * w; // NORACE
    }
    if (w == 0)
        leader_flag = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[W];
    for (long i = 0; i < W; i++)
        pthread_create(&t[i], NULL, run, (void *)i);
    for (int i = 0; i < W; i++)
        pthread_join(t[i], NULL);
    return (int)per[1].count + leader_flag > 100; // NORACE
}
